import { z } from "zod";
import { SUPPORTED_TLDS } from "~/domain/names";
import { importReleaseList } from "~/server/imports/import-release-list.server";
import { importConfiguredList } from "~/server/imports/run-tld-imports.server";
import { findTldImport } from "~/server/imports/find-tld-import.server";
import { defineJob } from "./job-definition.server";
import { afterDomainChange } from "~/server/cache/domain-cache.server";

export const IMPORT_RUN_JOB = "import-run";

const payload = z.object({
  trigger: z.string().optional(),
  /** The import_runs row created when the import was asked for (its id went back to the caller). */
  runId: z.number().int().positive().optional(),
  startedBy: z.string().nullish(),
  /** Import a configured list ... */
  tldImportId: z.number().int().positive().optional(),
  /** ... or a URL or a file on the server's machine (the CLI hands its imports to a running server this way). */
  url: z.string().optional(),
  path: z.string().optional(),
  tld: z.enum(SUPPORTED_TLDS).optional(),
  completeList: z.boolean().optional(),
  /** Apply the renewals past the sanity threshold ("Apply as complete", --force-complete). */
  forceComplete: z.boolean().optional(),
});

/**
 * One import started by hand ("Run Import", the CLI while a server runs), so
 * the request that asked for it returns at once and polls the run's progress.
 */
export const importRunJob = defineJob({
  name: IMPORT_RUN_JOB,
  payload,
  // An import is one transaction: a retry would just repeat a failure the administrator should see.
  retryLimit: 0,
  expireInSeconds: 60 * 60,
  // Imported names change the lists: this process's cached sections and counts are dropped when it ends.
  handler: ({ handle, now, trigger }, job) =>
    afterDomainChange(
      (async () => {
        if (job.tldImportId) {
          const config = await findTldImport(handle.db, job.tldImportId);
          if (!config) throw new Error(`Import configuration ${job.tldImportId} no longer exists`);
          const outcome = await importConfiguredList(handle, config, {
            trigger,
            now,
            runId: job.runId,
            startedBy: job.startedBy,
            forceComplete: job.forceComplete,
          });
          if (!outcome.ok) throw new Error(outcome.error);
          return outcome.summary;
        }
        const source = job.url ? { kind: "url" as const, url: job.url } : job.path ? { kind: "file" as const, path: job.path } : undefined;
        if (!source) throw new Error("An import job needs a configuration, a URL or a file");
        return importReleaseList(
          handle,
          {
            source,
            tld: job.tld,
            completeList: job.completeList,
            forceComplete: job.forceComplete,
            trigger,
            startedBy: job.startedBy,
          },
          { now, runId: job.runId },
        );
      })(),
    ),
});
