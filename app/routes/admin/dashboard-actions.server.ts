import type { SessionUser } from "~/server/auth/session.server";
import { getEnv } from "~/server/env.server";
import { getDb } from "~/server/services.server";
import {
  addPremium,
  deletePremium,
  fail,
  field,
  setRole,
  toggleFeatured,
  updateDescription,
  updatePremium,
  type ActionContext,
  type ActionResponse,
} from "./content-actions.server";
import { addImportConfig, runImport, runMaintenanceJob, uploadImport } from "./pipeline-actions.server";

const ACTIONS: Record<string, (context: ActionContext) => Promise<ActionResponse>> = {
  "toggle-featured": toggleFeatured,
  "update-description": updateDescription,
  "add-premium": addPremium,
  "update-premium": updatePremium,
  "delete-premium": deletePremium,
  "set-admin-role": setRole,
  "add-import-config": addImportConfig,
  "run-import": runImport,
  "upload-import": uploadImport,
  "run-job": runMaintenanceJob,
};

/** Room for the form fields around an uploaded list. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Reads the posted form (an uploaded list included) and runs the action its `intent` names. */
export async function runDashboardAction(request: Request, admin: SessionUser) {
  // Refused before reading: a form body is held in memory while it is parsed.
  const declared = Number(request.headers.get("content-length") ?? "0");
  const limit = getEnv().IMPORT_MAX_BYTES + FORM_OVERHEAD_BYTES;
  if (declared > limit) {
    return fail(
      "upload-import",
      413,
      "Manual Import Failed",
      `The file is larger than ${Math.floor(getEnv().IMPORT_MAX_BYTES / 1024 / 1024)} MB`,
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return fail("unknown", 400, "Error", "The form could not be read");
  }
  const intent = field(form, "intent");
  const handler = ACTIONS[intent];
  if (!handler) return fail(intent || "unknown", 400, "Error", "Unknown action");
  return handler({ db: await getDb(), form, admin });
}
