import { MaintenanceTab } from "~/components/admin/maintenance-tab";
import { adminTabMeta } from "~/lib/admin-tabs";
import { parseRowId } from "~/lib/row-id";
import { requireAdmin } from "~/server/auth/session.server";
import { databaseHandleOf, databaseOf } from "~/server/app-context.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import type { Route } from "./+types/maintenance";
import { runAdminAction } from "./admin-action.server";
import { MAINTENANCE_ACTIONS } from "./maintenance-actions.server";
import { loadMaintenanceTab } from "./pipeline-data.server";

export const meta: Route.MetaFunction = ({ matches }) => adminTabMeta("maintenance", matches);

/**
 * /admin/maintenance: the three jobs, each with its last run and its next
 * scheduled one, and one job's run history (?history=<job>&page=N).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, { as: "page" });
  const search = new URL(request.url).searchParams;
  return loadMaintenanceTab(await databaseOf(context), {
    historyJob: search.get("history"),
    page: parseRowId(search.get("page")) ?? 1,
  });
}

/** A job started by hand; the role is checked again here, whatever the page showed. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, { as: "api" });
  assertSameOrigin(request);
  return runAdminAction(await databaseHandleOf(context), request, admin, MAINTENANCE_ACTIONS);
}

export default function MaintenancePage({ loaderData }: Route.ComponentProps) {
  return <MaintenanceTab data={loaderData} />;
}
