import { releaseUpdateJob } from "~/server/jobs/release-update.job.server";
import { runJobCommand } from "./run-job-command";

export const releaseUpdateCommand = runJobCommand({
  name: "release-update",
  description: "Make soon-available names whose release (04:00 UTC) has passed available.",
  job: releaseUpdateJob,
  print: (result) => (result as { message: string }).message,
});
