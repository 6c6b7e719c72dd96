import { NameServerOperatorsPage } from "~/components/admin/name-server-operators-page";
import { NAME_SERVER_OPERATORS_PATH } from "~/lib/admin-tabs";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { requireAdmin } from "~/server/auth/session.server";
import { databaseHandleOf, databaseOf } from "~/server/app-context.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import { listNameServerOperators } from "~/server/zone/operators.server";
import type { Route } from "./+types/name-server-operators";
import { runAdminAction } from "./admin-action.server";
import { NAME_SERVER_OPERATORS_ACTIONS } from "./name-server-operators-actions.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Name Server Operators – Backoffice Dashboard",
    description: "Who the zone's name servers belong to: host patterns and their operators.",
    path: NAME_SERVER_OPERATORS_PATH,
    noIndex: true,
  });

/** /admin/imports/name-servers: the table of host patterns → operator (part of the TLD Imports tab). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, { as: "page" });
  return { operators: await listNameServerOperators(await databaseOf(context)) };
}

/** Add, edit and delete; the role is checked again here, whatever the page showed. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, { as: "api" });
  assertSameOrigin(request);
  return runAdminAction(await databaseHandleOf(context), request, admin, NAME_SERVER_OPERATORS_ACTIONS);
}

export default function NameServerOperatorsRoute({ loaderData }: Route.ComponentProps) {
  return <NameServerOperatorsPage operators={loaderData.operators} />;
}
