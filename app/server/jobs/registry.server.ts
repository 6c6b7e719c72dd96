import { deliverEmailJob } from "./deliver-email.job.server";
import type { JobDefinition } from "./job-definition.server";

/**
 * Every background job the app runs, in one list. A job lives in its own
 * file beside this one (name, payload, cron, handler) and is added here.
 */
export const jobDefinitions: JobDefinition[] = [
  deliverEmailJob,
];
