// The Zone page's one action: "Apply anyway" on a zone read held because it
// would remove more than 2 % of the names in force. It applies the held
// run's staged names in one transaction (applyHeldZoneRun): either all of it
// or, refused with the reason, nothing.
import { applyHeldZoneRun, ZoneRunNotApplicable } from "~/server/zone/store/apply-zone-read.server";
import { getZoneRun } from "~/server/zone/store/zone-runs.server";
import { appliedZoneRunText } from "~/server/zone/sync/zone-sync.server";
import { fail, idField, ok, type ActionContext, type AdminActions } from "./admin-action.server";

async function applyZoneRunAnyway({ handle, form }: ActionContext) {
  const intent = "apply-zone-run";
  const runId = idField(form, "runId");
  const run = runId === null ? undefined : await getZoneRun(handle, runId);
  if (runId === null || !run) return fail(intent, 404, "Zone Not Applied", "No such zone run");
  try {
    const applied = await applyHeldZoneRun(handle, runId);
    return ok(intent, "Zone Applied", appliedZoneRunText(applied, "the held read"));
  } catch (error) {
    if (error instanceof ZoneRunNotApplicable) return fail(intent, 409, "Zone Not Applied", error.message);
    throw error;
  }
}

export const ZONE_ACTIONS: AdminActions = {
  "apply-zone-run": applyZoneRunAnyway,
};
