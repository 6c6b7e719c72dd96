import type { JobDefinition } from "../../app/server/jobs/job-definition.server";
import { runRecordedJob } from "../../app/server/jobs/record-job-run.server";
import type { CliCommand } from "../command";
import { withCliDatabase } from "../open-cli-database";

/**
 * A maintenance job as a CLI command: runs it here (recorded in job_runs with
 * trigger "cli", like a scheduled run) and prints its result.
 */
export function runJobCommand(options: {
  name: string;
  description: string;
  job: JobDefinition;
  print(result: unknown): string;
}): CliCommand {
  return {
    name: options.name,
    usage: options.name,
    description: options.description,
    async run() {
      const result = await withCliDatabase((handle) => runRecordedJob(options.job, { handle, now: new Date(), trigger: "cli" }, {}));
      console.log(options.print(result));
    },
  };
}
