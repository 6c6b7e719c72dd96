import { z } from "zod";
import { SUPPORTED_TLDS } from "~/domain/names";
import { carryOutImportRun, type ImportRequest } from "~/server/imports/release-list/import-release-list.server";
import { defineJob } from "./job-definition.server";
import { afterDomainChange } from "~/server/cache/domain-cache.server";

export const IMPORT_RUN_JOB = "import-run";

const payload = z.object({
  trigger: z.string().optional(),
  /** The import_runs row opened when the import was asked for (its id went back to the caller). */
  runId: z.number().int().positive(),
  startedBy: z.string().nullish(),
  /** The list: a URL (a configured list's, or the CLI's) or a file on the server's machine (the CLI's). */
  url: z.string().optional(),
  path: z.string().optional(),
  tld: z.enum(SUPPORTED_TLDS).optional(),
  completeList: z.boolean().optional(),
  /** Apply the renewals past the sanity threshold ("Apply as complete", --force-complete). */
  forceComplete: z.boolean().optional(),
  /** Write a past-dated list all the same ("Apply anyway", --apply-past-dated). */
  applyPastDated: z.boolean().optional(),
  /** The configuration whose list it is: its last import is stamped. */
  tldImportId: z.number().int().positive().optional(),
});

type ImportJobPayload = z.infer<typeof payload>;

/** A list the job can read: an upload's bytes stay in the process that received them. */
export type QueuedImportRequest = ImportRequest & { source: { kind: "url"; url: string } | { kind: "file"; path: string } };

/** What the job is sent for an opened run (the trigger travels beside it, as for every job). */
export function importJobPayload(runId: number, request: QueuedImportRequest): Omit<ImportJobPayload, "trigger"> {
  const { source } = request;
  return {
    runId,
    startedBy: request.startedBy ?? null,
    ...(source.kind === "url" ? { url: source.url } : { path: source.path }),
    ...(request.tld ? { tld: request.tld } : {}),
    ...(request.completeList ? { completeList: true } : {}),
    ...(request.forceComplete ? { forceComplete: true } : {}),
    ...(request.applyPastDated ? { applyPastDated: true } : {}),
    ...(request.tldImportId ? { tldImportId: request.tldImportId } : {}),
  };
}

/**
 * One import started by hand ("Run Import", "Apply as complete", the CLI
 * while a server runs): its run was opened by whoever asked, so the request
 * returns at once and polls the run's progress; this carries the run out.
 */
export const importRunJob = defineJob({
  name: IMPORT_RUN_JOB,
  payload,
  // An import is one transaction: a retry would just repeat a failure the administrator should see.
  retryLimit: 0,
  expireInSeconds: 60 * 60,
  // Imported names change the lists: this process's cached sections and counts are dropped when it ends.
  handler: ({ handle, now, trigger }, job) => {
    const source = job.url ? { kind: "url" as const, url: job.url } : job.path ? { kind: "file" as const, path: job.path } : undefined;
    if (!source) throw new Error("An import job needs a URL or a file");
    const request: ImportRequest = {
      source,
      tld: job.tld,
      completeList: job.completeList,
      forceComplete: job.forceComplete,
      applyPastDated: job.applyPastDated,
      trigger,
      startedBy: job.startedBy,
      tldImportId: job.tldImportId,
    };
    return afterDomainChange(carryOutImportRun(handle, job.runId, request, { now }));
  },
});
