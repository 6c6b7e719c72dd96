import { runOutcomeLabel } from "~/domain/run-outcome";
import type { JobDefinition } from "~/server/jobs/job-definition.server";
import { runRecordedJob } from "~/server/jobs/record-job-run.server";
import { defineCommand, type CliCommand } from "~cli/command";
import { withCliDatabase } from "~cli/open-cli-database";

/**
 * A maintenance job as a CLI command: runs it here (recorded in job_runs with
 * trigger "cli", like a scheduled run) and prints its result. The exit code
 * follows the run's outcome (docs/product.md, "A run's outcome"): 1 when
 * nothing succeeded, as when the job threw; a run that partly failed says so
 * on stderr and exits 0.
 */
export function runJobCommand(options: {
  name: string;
  description: string;
  job: JobDefinition;
  print(result: unknown): string;
}): CliCommand {
  return defineCommand({
    name: options.name,
    description: options.description,
    async run() {
      const run = await withCliDatabase((handle) => runRecordedJob(options.job, { handle, now: new Date(), trigger: "cli" }, {}));
      console.log(options.print(run.result));
      if (run.outcome === "succeeded") return 0;
      const label = runOutcomeLabel(run.outcome, run.tally);
      console.error(run.outcome === "failed" ? `${options.name}: ${label}, nothing succeeded` : `${options.name}: ${label}`);
      return run.outcome === "failed" ? 1 : 0;
    },
  });
}
