import type { AdminTab } from "~/lib/admin-tabs";
import { parsePage } from "~/lib/admin-tabs";
import { normalizeSearchTerm } from "~/domain/search-input";
import { parseAdminListParams, readSearchText, toAdminListQuery } from "~/lib/admin-list-params";
import { listAdminDomains } from "~/server/admin/list-admin-domains.server";
import { listPremiumDomains, PREMIUM_PAGE_SIZE } from "~/server/admin/list-premium-domains.server";
import { listUsers, USERS_PAGE_SIZE } from "~/server/admin/list-users.server";
import type { SessionUser } from "~/server/auth/session.server";
import type { Db } from "~/server/db/client.server";
import { loadImportsTab, loadMaintenanceTab } from "./pipeline-data.server";

/** Only the selected tab's data is read: the domain list alone is a query over every name. */
export async function loadDashboardTab(db: Db, tab: AdminTab, search: URLSearchParams, admin: SessionUser) {
  switch (tab) {
    case "domains": {
      const params = parseAdminListParams(search);
      return { tab, domains: { params, list: await listAdminDomains(db, toAdminListQuery(params)) } } as const;
    }
    case "premium": {
      const page = parsePage(search.get("page"));
      const q = readSearchText(search);
      // Under two characters the list is not filtered (the search box says so).
      const searched = normalizeSearchTerm(q);
      const list = await listPremiumDomains(db, { page, search: searched });
      return { tab, premium: { page, pageSize: PREMIUM_PAGE_SIZE, q, searched, ...list } } as const;
    }
    case "users": {
      const page = parsePage(search.get("page"));
      const list = await listUsers(db, { page });
      return { tab, users: { page, pageSize: USERS_PAGE_SIZE, currentUserId: admin.id, ...list } } as const;
    }
    case "imports":
      return { tab, imports: await loadImportsTab(db) } as const;
    case "maintenance":
      return { tab, maintenance: await loadMaintenanceTab(db) } as const;
  }
}

export type DashboardTabData = Awaited<ReturnType<typeof loadDashboardTab>>;
