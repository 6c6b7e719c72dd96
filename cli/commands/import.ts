import { resolve } from "node:path";
import { isSupportedTld, type Tld } from "~/domain/names";
import { importRunTally, runOutcomeLabel } from "~/domain/run-outcome";
import { importRunTitle, rejectedText, rejectionsPath } from "~/lib/import-run-texts";
import type { DatabaseHandle } from "~/server/db/client.server";
import { getImportRun } from "~/server/imports/release-list/runs/get-import-run.server";
import { ImportError } from "~/server/imports/release-list/runs/import-error.server";
import { importReleaseList, openImportRun } from "~/server/imports/release-list/import-release-list.server";
import type { ImportSummary } from "~/server/imports/release-list/runs/import-run-record.server";
import { listTldImports } from "~/server/imports/release-list/configs/list-tld-imports.server";
import { importJobPayload, IMPORT_RUN_JOB, type QueuedImportRequest } from "~/server/jobs/import-run.job.server";
import { sendJobThroughDatabase } from "~/server/jobs/send-job-through-database.server";
import { CommandLineError, defineCommand } from "~cli/command";
import { withCliDatabase } from "~cli/open-cli-database";

export const importCommand = defineCommand({
  name: "import",
  arguments: ["<url-or-file>"],
  description: "Import a release list (JSON or TXT) from a URL or a file.",
  options: {
    tld: { type: "string", value: "se|nu", description: "the list's TLD: names of another TLD are skipped" },
    complete: {
      type: "boolean",
      description:
        "the list is the registry's whole list of --tld: missing soon-available names are marked renewed, unless that looks like a partial list (the sanity threshold: docs/product.md)",
    },
    "force-complete": { type: "boolean", description: "as --complete, and apply the renewals past the sanity threshold (needs --tld)" },
    "apply-past-dated": {
      type: "boolean",
      description:
        "import a past-dated list (most release dates before today) all the same; without it such a list is held and nothing is imported",
    },
  },
  async run({ positionals: [target], values: options }) {
    if (!target) throw new CommandLineError("Give the release list's URL or file.");
    const tld = options.tld === undefined ? undefined : normaliseTld(options.tld);
    if (tld === null) throw new CommandLineError("--tld must be se or nu.");
    const forceComplete = options["force-complete"] === true;
    if (forceComplete && !tld) throw new CommandLineError("--force-complete needs --tld: the renewals are of that TLD's names.");
    const source: QueuedImportRequest["source"] = /^https?:\/\//i.test(target)
      ? { kind: "url", url: target }
      : { kind: "file", path: resolve(target) };

    try {
      const summary = await withCliDatabase(async (handle) => {
        // A configured list of that TLD is by definition the complete list, and its last import is stamped.
        const config =
          source.kind === "url" && tld
            ? (await listTldImports(handle.db)).find((row) => row.tld === tld && row.url === source.url)
            : undefined;
        const request: QueuedImportRequest = {
          source,
          tld,
          completeList: options.complete === true || forceComplete || Boolean(config),
          forceComplete,
          applyPastDated: options["apply-past-dated"] === true,
          trigger: "cli",
          tldImportId: config?.id,
        };
        if (handle.kind === "pglite-socket") return importThroughServer(handle, request);
        return importReleaseList(handle, request);
      });
      return printSummary(summary);
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      console.error(`Import failed: ${error.message}`);
      return 1;
    }
  },
});

function normaliseTld(value: string): Tld | null {
  const tld = `.${value.trim().toLowerCase().replace(/^\./, "")}`;
  return isSupportedTld(tld) ? tld : null;
}

/**
 * The web server owns the embedded database; a transaction over its socket
 * would mix with the server's own queries. So the server's job queue runs the
 * import, and this command follows the run's progress until it ends.
 */
async function importThroughServer(handle: DatabaseHandle, request: QueuedImportRequest): Promise<ImportSummary> {
  const opened = await openImportRun(handle, request, { now: new Date() });
  if (!opened.ok) throw new ImportError(opened.error);
  const { runId } = opened;
  await sendJobThroughDatabase(handle, IMPORT_RUN_JOB, { ...importJobPayload(runId, request), trigger: request.trigger });
  console.log(`The running server imports the list (run ${runId}).`);
  const waitingSince = Date.now();
  for (;;) {
    await new Promise((done) => setTimeout(done, 500));
    const run = await getImportRun(handle.db, runId);
    if (!run) throw new ImportError(`Run ${runId} disappeared`);
    // A run that failed with every entry rejected has its summary; any other failure its reason.
    const everyEntryRejected = run.total > 0 && run.failed === run.total;
    if (run.state === "failed" && !everyEntryRejected) throw new ImportError(run.errorMessage ?? "Unknown error during import");
    if (run.state !== "running") {
      return {
        runId,
        outcome: run.state,
        total: run.total,
        processed: run.processed,
        inserted: run.inserted,
        updated: run.updated,
        failed: run.failed,
        renewed: run.renewed,
        warning: run.warning,
        errors: run.errors,
        pastDatedList: run.pastDatedList,
      };
    }
    if (run.total === 0 && Date.now() - waitingSince > 60_000) {
      throw new ImportError(
        "The running server has not started the import after a minute. Does it run jobs (JOBS_ENABLED)? The run stays queued.",
      );
    }
  }
}

/**
 * The run's summary, under its outcome (docs/product.md, "A run's outcome"),
 * and the exit code that follows: 1 when every entry was rejected; a run that
 * partly failed says so on stderr and exits 0. A held past-dated list wrote
 * nothing and says why.
 */
function printSummary(summary: ImportSummary): number {
  if (summary.pastDatedList === "held") {
    console.log(`${importRunTitle(summary.outcome, { held: true })}: nothing was imported (${summary.total} entries in the list).`);
    console.error(`Warning: ${summary.warning}`);
    return 0;
  }
  console.log(
    `${importRunTitle(summary.outcome)}: Processed ${summary.processed} domains (${summary.inserted} new, ${summary.updated} updated).`,
  );
  console.log(`Entries in the list: ${summary.total}; rejected: ${summary.failed}; renewed: ${summary.renewed}.`);
  if (summary.errors.length > 0) {
    const first =
      summary.errors.length < summary.failed ? `First ${summary.errors.length} of ${summary.failed} rejected entries` : "Rejected entries";
    console.log(`${first}:\n${summary.errors.map((error) => `  ${error}`).join("\n")}`);
  }
  if (summary.warning) console.error(`Warning: ${summary.warning}`);
  if (summary.outcome === "succeeded") return 0;
  const label = runOutcomeLabel(summary.outcome, importRunTally(summary));
  console.error(
    `import: ${label}: ${rejectedText(summary)}. Every rejected entry with its reason: run ${summary.runId} in the backoffice's TLD Imports tab (${rejectionsPath(summary.runId)}).`,
  );
  return summary.outcome === "failed" ? 1 : 0;
}
