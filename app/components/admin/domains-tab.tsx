import { Suspense, useState } from "react";
import { Await } from "react-router";
import { adminListSearch, ADMIN_PAGE_SIZE, type AdminListParams } from "~/lib/admin-list-params";
import { adminTabPath } from "~/lib/admin-tabs";
import { pageCount } from "~/lib/pagination";
import type { AdminDomainList, AdminDomainRow } from "~/domain/backoffice-rows";
import { AdminPager } from "./admin-pager";
import { DomainFilters } from "./domain-filters";
import { DomainsTable } from "./domains-table";
import { EditDomainDialog } from "./edit-domain-dialog";
import { formatCount } from "./format";

export type DomainsTabData = { params: AdminListParams; list: AdminDomainList };

/**
 * The Domains tab (docs/product.md, "Lists and their order"): filters, the count line, the table, pages of 30 and
 * the edit dialog. The rows come first; a search text's exact total may
 * follow a moment later (list-admin-domains.server.ts), and the count line
 * and the page numbers wait for it, not the table.
 */
export function DomainsTab({ data, busy }: { data: DomainsTabData; busy: boolean }) {
  const { params, list } = data;
  const [editing, setEditing] = useState<AdminDomainRow | null>(null);
  const shown = list.domains.length;
  return (
    <div className="space-y-4">
      <DomainFilters params={params} busy={busy} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="font-medium text-slate-700" data-testid="domain-count">
          <Suspense fallback={<span aria-busy="true">Showing {shown} domains, counting...</span>}>
            <Await resolve={list.totalCount} errorElement={<>Showing {shown} domains (the total could not be counted)</>}>
              {(total: number) => (total === 0 ? "No domains found" : `Showing ${shown} of ${formatCount(total)} domains`)}
            </Await>
          </Suspense>
        </p>
        {busy && <p className="text-sm text-slate-600">Loading...</p>}
      </div>
      <DomainsTable params={params} domains={list.domains} busy={busy} onEdit={setEditing} />
      <Suspense fallback={null}>
        <Await resolve={list.totalCount} errorElement={null}>
          {(total: number) => (
            <AdminPager
              page={params.page}
              totalPages={pageCount(total, ADMIN_PAGE_SIZE)}
              hrefFor={(page) => `${adminTabPath("domains")}${adminListSearch({ ...params, page })}`}
              label="Domain pages"
            />
          )}
        </Await>
      </Suspense>
      <EditDomainDialog domain={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
