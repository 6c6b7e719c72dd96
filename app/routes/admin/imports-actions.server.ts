// The TLD Imports tab's actions: the release-list configurations, and the
// imports it starts. An import is only started here (the data pipeline's own
// functions and jobs do it) and the answer comes at once; the page then
// follows the import run's real progress until it ends.
import { INVALID_FILE_TYPE, isReleaseListFile } from "~/domain/release-list-file";
import { isSupportedTld } from "~/domain/names";
import { findTldImport } from "~/server/imports/release-list/configs/find-tld-import.server";
import { tooLargeError } from "~/server/imports/release-list/source/read-limited.server";
import {
  startConfiguredImport,
  startImportAnyway,
  startImportAsComplete,
  startUploadImport,
} from "~/server/imports/release-list/start-import.server";
import {
  addTldImport,
  deleteTldImport,
  updateTldImport,
  type TldImportChangeResult,
} from "~/server/imports/release-list/configs/tld-import-configs.server";
import { getEnv } from "~/server/env.server";
import { importUploadLimitBytes } from "~/server/http/request-body.server";
import { fail, field, idField, ok, type ActionContext, type AdminActions } from "./admin-action.server";

async function addImportConfig({ db, form, admin }: ActionContext) {
  const intent = "add-import-config";
  const result = await addTldImport(db, { tld: field(form, "tld"), url: field(form, "url") }, admin);
  if (!result.ok) return configFailure(intent, "Failed to add TLD import configuration", result);
  return ok(intent, "Success", "TLD import configuration added successfully");
}

/** The edit dialog: a configuration's URL and whether the schedule imports it. */
async function updateImportConfig({ db, form, admin }: ActionContext) {
  const intent = "update-import-config";
  const input = { url: field(form, "url"), enabled: field(form, "enabled") === "true" };
  const configId = idField(form, "configId");
  if (configId === null) return configFailure(intent, "Failed to update TLD import configuration", { ok: false, reason: "not-found" });
  const result = await updateTldImport(db, configId, input, admin);
  if (!result.ok) return configFailure(intent, "Failed to update TLD import configuration", result);
  return ok(intent, "Success", "TLD import configuration updated successfully");
}

/** "Delete", after the confirmation dialog. */
async function deleteImportConfig({ db, form, admin }: ActionContext) {
  const intent = "delete-import-config";
  const configId = idField(form, "configId");
  const result = configId === null ? { ok: false as const } : await deleteTldImport(db, configId, admin);
  if (!result.ok) return fail(intent, 404, "Error", "Failed to delete TLD import configuration: it no longer exists");
  return ok(intent, "Success", `The ${result.config.tld} import configuration was deleted`);
}

function configFailure(intent: string, title: string, result: Exclude<TldImportChangeResult, { ok: true }>) {
  if (result.reason === "not-found") return fail(intent, 404, "Error", `${title}: it no longer exists`);
  const reason = Object.values(result.errors).filter(Boolean).join("; ");
  return fail(intent, result.reason === "duplicate" ? 409 : 400, "Error", `${title}: ${reason}`, result.errors);
}

/**
 * "Run Import": starts an import run of the configuration's list and answers
 * at once; the import-run job carries it out while the page polls the run.
 */
async function startImportOfConfig({ handle, form, admin }: ActionContext) {
  const intent = "run-import";
  const configId = idField(form, "configId");
  if (configId === null) return fail(intent, 404, "Import Failed", "The import configuration no longer exists");
  const started = await startConfiguredImport(handle, configId, { trigger: `admin:${admin.id}`, startedBy: admin.id });
  if (!started.ok && started.reason === "not-found") {
    return fail(intent, 404, "Import Failed", "The import configuration no longer exists");
  }
  if (!started.ok) return fail(intent, 409, "Import Failed", started.error);
  return ok(intent, "Import started", undefined, { importRunId: started.runId, quiet: true });
}

/** "Apply as complete" on a run the sanity threshold held back: its list is imported again, renewals applied. */
async function applyImportAsComplete({ handle, form, admin }: ActionContext) {
  const intent = "apply-import-as-complete";
  const runId = idField(form, "runId");
  if (runId === null) return fail(intent, 404, "Import Failed", "No such import run");
  const started = await startImportAsComplete(handle, runId, { trigger: `admin:${admin.id}`, startedBy: admin.id });
  if (!started.ok) return fail(intent, started.reason === "not-found" ? 404 : 409, "Import Failed", started.error);
  return ok(intent, "Import started", undefined, { importRunId: started.runId, quiet: true });
}

/** "Apply anyway" on a run that held a configured past-dated list: its list is imported again, written whatever its dates. */
async function applyImportAnyway({ handle, form, admin }: ActionContext) {
  const intent = "apply-import-anyway";
  const runId = idField(form, "runId");
  if (runId === null) return fail(intent, 404, "Import Failed", "No such import run");
  const started = await startImportAnyway(handle, runId, {
    trigger: `admin:${admin.id}`,
    startedBy: admin.id,
  });
  if (!started.ok && started.reason === "not-found") return fail(intent, 404, "Import Failed", started.error);
  if (!started.ok) return fail(intent, 409, "Import Failed", started.error);
  return ok(intent, "Import started", undefined, { importRunId: started.runId, quiet: true });
}

/** "Upload JSON": a .json (or .txt) release list for the configuration's TLD. */
async function uploadImport({ db, handle, form, admin }: ActionContext) {
  const intent = "upload-import";
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return fail(intent, 400, "Manual Import Failed", "Choose a file to upload");
  if (!isReleaseListFile(file)) return fail(intent, 400, INVALID_FILE_TYPE.title, INVALID_FILE_TYPE.description);
  const maxBytes = getEnv().IMPORT_MAX_BYTES;
  if (file.size > maxBytes) return fail(intent, 413, "Manual Import Failed", tooLargeError(maxBytes).message);
  const configId = idField(form, "configId");
  const config = configId === null ? null : await findTldImport(db, configId);
  if (!config || !isSupportedTld(config.tld)) return fail(intent, 404, "Manual Import Failed", "The import configuration no longer exists");

  const { runId } = await startUploadImport(handle, {
    source: { kind: "bytes", bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name, contentType: file.type || null },
    tld: config.tld,
    // An uploaded file may be part of a list: never read missing names as renewed.
    completeList: false,
    // "Apply anyway" on a held past-dated upload: the same file, written whatever its dates.
    applyPastDated: field(form, "applyPastDated") === "true",
    trigger: "upload",
    startedBy: admin.id,
    tldImportId: config.id,
  });
  return ok(intent, "Import started", undefined, { importRunId: runId, quiet: true });
}

export const IMPORTS_ACTIONS: AdminActions = {
  "add-import-config": addImportConfig,
  "update-import-config": updateImportConfig,
  "delete-import-config": deleteImportConfig,
  "run-import": startImportOfConfig,
  "apply-import-as-complete": applyImportAsComplete,
  "apply-import-anyway": applyImportAnyway,
  "upload-import": uploadImport,
};

/** The tab's forms may carry a release list: up to IMPORT_MAX_BYTES, and an over-large one gets the upload's own message. */
export function importsFormLimit() {
  return {
    maxBytes: importUploadLimitBytes(),
    tooLarge: () => fail("upload-import", 413, "Manual Import Failed", tooLargeError(getEnv().IMPORT_MAX_BYTES).message),
  };
}
