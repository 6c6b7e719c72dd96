import type { AvailabilityResult } from "~/server/availability/check-domain-availability.server";
import { availabilityCheckJob } from "~/server/jobs/availability-check.job.server";
import { runJobCommand } from "./run-job-command";

export const checkAvailabilityCommand = runJobCommand({
  name: "check-availability",
  description: "Ask the registry whether released names were taken again (one batch).",
  job: availabilityCheckJob,
  print: (result) => {
    const counts = result as AvailabilityResult;
    return (
      `Domain Availability Check: ${counts.processed} checked (${counts.se_domains} .se, ${counts.nu_domains} .nu), ` +
      `${counts.updated_to_registered} registered again, ${counts.held} still held by the registry (release morning), ${counts.errors} errors.`
    );
  },
});
