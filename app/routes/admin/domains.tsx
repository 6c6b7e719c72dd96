import { useLocation, useNavigation } from "react-router";
import { DomainsTab } from "~/components/admin/domains-tab";
import { parseAdminListParams, toAdminListQuery } from "~/lib/admin-list-params";
import { adminTabMeta } from "~/lib/admin-tabs";
import { listAdminDomains } from "~/server/admin/list-admin-domains.server";
import { requireAdmin } from "~/server/auth/session.server";
import { databaseHandleOf, databaseOf } from "~/server/app-context.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import type { Route } from "./+types/domains";
import { runAdminAction } from "./admin-action.server";
import { DOMAINS_ACTIONS } from "./domains-actions.server";

export const meta: Route.MetaFunction = ({ matches }) => adminTabMeta("domains", matches);

/** /admin/domains: the list of every name, its filters, sort and page in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, { as: "page" });
  const params = parseAdminListParams(new URL(request.url).searchParams);
  return { params, list: await listAdminDomains(await databaseOf(context), toAdminListQuery(params)) };
}

/** A row's Highlight switch and the edit dialog; the role is checked again here, whatever the page showed. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, { as: "api" });
  assertSameOrigin(request);
  return runAdminAction(await databaseHandleOf(context), request, admin, DOMAINS_ACTIONS);
}

export default function DomainsPage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  // Another view of this list (a filter, a sort, a page) is on its way: the current one is dimmed meanwhile.
  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return <DomainsTab data={loaderData} busy={busy} />;
}
