import { z } from "zod";
import { deliverPendingEmails } from "~/server/email/deliver-outbox.server";
import { getMailTransport } from "~/server/email/smtp-transport.server";
import { defineJob } from "./job-definition.server";

export const DELIVER_EMAIL_JOB = "deliver-email";

/**
 * Sends the outbox over SMTP every minute, and right after a form submission
 * (the route queues a run). Safe to run twice at once: rows are claimed.
 */
export const deliverEmailJob = defineJob({
  name: DELIVER_EMAIL_JOB,
  payload: z.object({ trigger: z.string().optional() }),
  cron: "* * * * *",
  // The outbox keeps its own attempts and backoff; a failed run is simply the next minute's work.
  retryLimit: 0,
  handler: ({ handle, now }) => deliverPendingEmails(handle, { transport: getMailTransport(), now }),
  // Every failed send counts, whether the mail will be retried or not; a mail only logged (no SMTP_URL) is neither.
  tally: (result) => ({ succeeded: result.sent, failed: result.retrying + result.failed }),
});
