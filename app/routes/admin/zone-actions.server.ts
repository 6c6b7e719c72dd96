// The Zone page's one action: "Apply anyway" on a zone read held because it
// would remove more than 2 % of the names in force. It applies the held
// run's staged names in one transaction (applyHeldZoneRun): either all of it
// or, refused with the reason, nothing.
import { afterDomainChange } from "~/server/cache/domain-cache.server";
import { applyHeldZoneRun, ZoneRunNotApplicable } from "~/server/zone/store/apply-zone-read.server";
import { getZoneRun, STALE_ZONE_RUN_AFTER_MS } from "~/server/zone/store/zone-runs.server";
import { appliedZoneRunText } from "~/server/zone/sync/zone-sync.server";
import { fail, idField, ok, type ActionContext, type AdminActions } from "./admin-action.server";

async function applyZoneRunAnyway({ handle, form }: ActionContext) {
  const intent = "apply-zone-run";
  const runId = idField(form, "runId");
  const run = runId === null ? undefined : await getZoneRun(handle, runId);
  if (runId === null || !run) return fail(intent, 404, "Zone Not Applied", "No such zone run");
  if (await zoneSyncRunning(handle, run.tld)) {
    return fail(intent, 409, "Zone Not Applied", `A sync of the ${run.tld} zone is running: apply the held read once it has finished.`);
  }
  try {
    // The snapshot can mark listed names renewed or registered again (zone-list-effects): the cached pages and counts go, as after a sync.
    const applied = await afterDomainChange(applyHeldZoneRun(handle, runId));
    return ok(intent, "Zone Applied", appliedZoneRunText(applied, "the held read"));
  } catch (error) {
    if (error instanceof ZoneRunNotApplicable) return fail(intent, 409, "Zone Not Applied", error.message);
    throw error;
  }
}

/** A sync of the TLD holds its lease (zone_sync_state): it may drop or overtake the held read's staged names meanwhile. */
async function zoneSyncRunning(handle: ActionContext["handle"], tld: string) {
  const since = new Date(Date.now() - STALE_ZONE_RUN_AFTER_MS);
  const rows = await handle.query("select 1 from zone_sync_state where tld = $1 and sync_started_at > $2", [tld, since]);
  return rows.length > 0;
}

export const ZONE_ACTIONS: AdminActions = {
  "apply-zone-run": applyZoneRunAnyway,
};
