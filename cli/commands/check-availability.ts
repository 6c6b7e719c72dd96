import type { AvailabilityResult } from "~/server/availability/check-domain-availability.server";
import { availabilityCheckJob } from "~/server/jobs/availability-check.job.server";
import { availabilitySummary } from "~/lib/admin-job-texts";
import { runJobCommand } from "./run-job-command";

export const checkAvailabilityCommand = runJobCommand({
  name: "check-availability",
  description: "Ask the registry whether released names were taken again (one batch).",
  job: availabilityCheckJob,
  // The Maintenance tab's words, so both say what happened and why the same way.
  print: (result) => `Domain Availability Check: ${availabilitySummary(result as AvailabilityResult)}.`,
});
