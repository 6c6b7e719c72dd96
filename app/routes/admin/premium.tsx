import { PremiumTab } from "~/components/admin/premium-tab";
import { normalizeSearchTerm } from "~/domain/search-input";
import { readSearchText } from "~/lib/admin-list-params";
import { adminTabMeta, parsePage } from "~/lib/admin-tabs";
import { listPremiumDomains, PREMIUM_PAGE_SIZE } from "~/server/admin/list-premium-domains.server";
import { requireAdmin } from "~/server/auth/session.server";
import { databaseHandleOf, databaseOf } from "~/server/app-context.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import type { Route } from "./+types/premium";
import { runAdminAction } from "./admin-action.server";
import { PREMIUM_ACTIONS } from "./premium-actions.server";

export const meta: Route.MetaFunction = ({ matches }) => adminTabMeta("premium", matches);

/** /admin/premium: every premium name, 50 a page, searched by `q`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, { as: "page" });
  const search = new URL(request.url).searchParams;
  const page = parsePage(search.get("page"));
  const q = readSearchText(search);
  // Under two characters the list is not filtered (the search box says so).
  const searched = normalizeSearchTerm(q);
  const list = await listPremiumDomains(await databaseOf(context), { page, search: searched });
  return { page, pageSize: PREMIUM_PAGE_SIZE, q, searched, ...list };
}

/** Add, edit and delete; the role is checked again here, whatever the page showed. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, { as: "api" });
  assertSameOrigin(request);
  return runAdminAction(await databaseHandleOf(context), request, admin, PREMIUM_ACTIONS);
}

export default function PremiumPage({ loaderData }: Route.ComponentProps) {
  return <PremiumTab data={loaderData} />;
}
