import { deliverEmailJob } from "./deliver-email.job.server";
import { availabilityCheckJob } from "./availability-check.job.server";
import { importRunJob } from "./import-run.job.server";
import { releaseListCheckJob } from "./release-list-check.job.server";
import { releaseMorningJob } from "./release-morning.job.server";
import { releaseUpdateJob } from "./release-update.job.server";
import { tldImportsJob } from "./tld-imports.job.server";
import { zoneSyncJob } from "./zone-sync.job.server";
import type { JobDefinition } from "./job-definition.server";

/**
 * Every background job the app runs, in one list. A job lives in its own
 * file beside this one (name, payload, cron, handler) and is added here.
 */
export const jobDefinitions: JobDefinition[] = [
  deliverEmailJob,
  tldImportsJob,
  releaseListCheckJob,
  releaseUpdateJob,
  availabilityCheckJob,
  releaseMorningJob,
  importRunJob,
  zoneSyncJob,
];
