import { ImportsTab } from "~/components/admin/imports-tab";
import { adminTabMeta } from "~/lib/admin-tabs";
import { parseRowId } from "~/lib/row-id";
import { requireAdmin } from "~/server/auth/session.server";
import { databaseHandleOf, databaseOf } from "~/server/app-context.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import type { Route } from "./+types/imports";
import { runAdminAction } from "./admin-action.server";
import { IMPORTS_ACTIONS, importsFormLimit } from "./imports-actions.server";
import { loadImportsTab } from "./pipeline-data.server";

export const meta: Route.MetaFunction = ({ matches }) => adminTabMeta("imports", matches);

/** /admin/imports (?page=N: the import history's page): the release-list configurations, the runs and who changed what. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, { as: "page" });
  const page = parseRowId(new URL(request.url).searchParams.get("page")) ?? 1;
  return loadImportsTab(await databaseOf(context), { page });
}

/** The configurations, Run Import, Apply as complete and the list upload; the role is checked again here. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, { as: "api" });
  assertSameOrigin(request);
  return runAdminAction(await databaseHandleOf(context), request, admin, IMPORTS_ACTIONS, importsFormLimit());
}

export default function ImportsPage({ loaderData }: Route.ComponentProps) {
  return <ImportsTab data={loaderData} />;
}
