import type { DatabaseHandle } from "~/server/db/client.server";
import type { SessionUser } from "~/server/auth/session.server";
import { getEnv } from "~/server/env.server";
import { readLimitedForm } from "~/server/http/read-limited-form.server";
import { importUploadLimitBytes } from "~/server/http/request-body.server";
import { tooLargeError } from "~/server/imports/read-limited.server";
import {
  addPremium,
  deletePremium,
  fail,
  field,
  setRole,
  setSuspended,
  toggleFeatured,
  updateDescription,
  updatePremium,
  type ActionContext,
  type ActionResponse,
} from "./content-actions.server";
import {
  addImportConfig,
  applyImportAsComplete,
  deleteImportConfig,
  runMaintenanceJob,
  startImportOfConfig,
  updateImportConfig,
  uploadImport,
} from "./pipeline-actions.server";

const ACTIONS: Record<string, (context: ActionContext) => Promise<ActionResponse>> = {
  "toggle-featured": toggleFeatured,
  "update-description": updateDescription,
  "add-premium": addPremium,
  "update-premium": updatePremium,
  "delete-premium": deletePremium,
  "set-admin-role": setRole,
  "set-suspended": setSuspended,
  "add-import-config": addImportConfig,
  "update-import-config": updateImportConfig,
  "delete-import-config": deleteImportConfig,
  "run-import": startImportOfConfig,
  "apply-import-as-complete": applyImportAsComplete,
  "upload-import": uploadImport,
  "run-job": runMaintenanceJob,
};

/** Reads the posted form (an uploaded list included) and runs the action its `intent` names. */
export async function runDashboardAction(handle: DatabaseHandle, request: Request, admin: SessionUser) {
  // Counted while it streams in, so neither a large declared length nor a chunked body without one is held in memory.
  const read = await readLimitedForm(request, importUploadLimitBytes());
  if (!read.ok && read.reason === "too-large") {
    return fail("upload-import", 413, "Manual Import Failed", tooLargeError(getEnv().IMPORT_MAX_BYTES).message);
  }
  if (!read.ok) return fail("unknown", 400, "Error", "The form could not be read");
  const form = read.formData;
  const intent = field(form, "intent");
  const handler = ACTIONS[intent];
  if (!handler) return fail(intent || "unknown", 400, "Error", "Unknown action");
  return handler({ db: handle.db, handle, form, admin });
}
