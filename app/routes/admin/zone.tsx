import { ZonePage } from "~/components/admin/zone-page";
import { ZONE_PATH } from "~/lib/admin-tabs";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { requireAdmin } from "~/server/auth/session.server";
import { databaseHandleOf } from "~/server/app-context.server";
import { getEnv } from "~/server/env.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import type { Route } from "./+types/zone";
import { runAdminAction } from "./admin-action.server";
import { ZONE_ACTIONS } from "./zone-actions.server";
import { loadZonePage } from "./zone-data.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Zone – Backoffice Dashboard",
    description: "The registry's zone: the snapshot in force, the zone sync and held reads.",
    path: ZONE_PATH,
    noIndex: true,
  });

/** /admin/imports/zone, in the TLD Imports tab: the zone of each TLD, its sync and its recent runs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, { as: "page" });
  return loadZonePage(await databaseHandleOf(context), { now: new Date(), configuredTlds: getEnv().ZONE_TLDS });
}

/** "Apply anyway" on a held zone read; the role is checked again here. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, { as: "api" });
  assertSameOrigin(request);
  return runAdminAction(await databaseHandleOf(context), request, admin, ZONE_ACTIONS);
}

export default function ZoneRoute({ loaderData }: Route.ComponentProps) {
  return <ZonePage data={loaderData} />;
}
