import { DELIVER_EMAIL_JOB } from "~/server/jobs/deliver-email.job.server";
import { logger } from "~/server/logger.server";
import { getServices } from "~/server/services.server";

/**
 * Asks the mail job to run now instead of at the next minute. Best effort:
 * the mails are already safe in the outbox, so a failure here only delays them.
 */
export async function requestEmailDelivery() {
  try {
    const services = await getServices();
    await services.jobs?.enqueue(DELIVER_EMAIL_JOB, { trigger: "submission" });
  } catch (error) {
    logger.warn({ err: error }, "could not queue prompt mail delivery; the schedule will send it");
  }
}
