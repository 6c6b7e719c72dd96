import type { DatabaseHandle } from "~/server/db/client.server";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import type { MailTransport } from "./smtp-transport.server";

/** After this many failed attempts a mail is marked 'failed' and left for an administrator. */
export const MAX_DELIVERY_ATTEMPTS = 10;
/** A claimed row is not picked again for this long: the time one run may take to send it. */
const CLAIM_LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
/** Written to last_error when there is no SMTP server, so each mail is logged once. */
export const NO_SMTP_NOTE = "Not sent: SMTP_URL is not set (the mail waits in the outbox)";

type ClaimedRow = {
  id: number;
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  attempts: number;
};

export type DeliveryResult = { sent: number; retrying: number; failed: number; logged: number };

/** Wait before the next try after `attempts` failures: 1, 2, 4 ... minutes, at most 6 hours. */
export function retryDelayMs(attempts: number) {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Sends the outbox's due mails. Rows are claimed with one UPDATE over a
 * `for update skip locked` selection that moves their next attempt past a
 * lease, so two runs (two app instances, or a scheduled and a prompted run)
 * never send the same row; a run that dies mid-way leaves its rows to be
 * retried when the lease ends. Without a transport each pending mail is
 * logged once (with its text only outside production) and stays pending.
 */
export async function deliverPendingEmails(
  handle: DatabaseHandle,
  options: { transport: MailTransport | null; now?: Date; limit?: number; from?: string },
): Promise<DeliveryResult> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 50;
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0, logged: 0 };

  if (!options.transport) {
    result.logged = await logUndeliverable(handle, limit);
    return result;
  }

  const from = options.from ?? getEnv().MAIL_FROM;
  const rows = await claimDueRows(handle, now, limit);
  for (const row of rows) {
    try {
      await options.transport.sendMail({
        from,
        to: row.to_address,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        html: row.html,
        text: row.text,
        // Stable per row: should a lease ever expire mid-send, the receiver can see the duplicate for what it is.
        messageId: `<outbox-${row.id}@${messageIdDomain(from)}>`,
      });
      await handle.query(
        "update email_outbox set state = 'sent', sent_at = $2::timestamptz, last_error = null where id = $1",
        [row.id, now.toISOString()],
      );
      result.sent += 1;
    } catch (error) {
      const failedForGood = row.attempts >= MAX_DELIVERY_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      await handle.query(
        "update email_outbox set state = $2, last_error = $3, next_attempt_at = $4::timestamptz where id = $1",
        [row.id, failedForGood ? "failed" : "pending", message.slice(0, 1000), new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString()],
      );
      logger.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, err: error }, failedForGood ? "mail failed for good" : "mail delivery failed, will retry");
      if (failedForGood) result.failed += 1;
      else result.retrying += 1;
    }
  }
  return result;
}

async function claimDueRows(handle: DatabaseHandle, now: Date, limit: number) {
  return handle.query<ClaimedRow>(
    `update email_outbox
        set attempts = attempts + 1, next_attempt_at = $2::timestamptz
      where id in (
        select id from email_outbox
         where state = 'pending' and next_attempt_at <= $1::timestamptz
         order by next_attempt_at, id
         limit $3
         for update skip locked)
      returning id, kind, to_address, reply_to, subject, html, text, attempts`,
    [now.toISOString(), new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(), limit],
  );
}

async function logUndeliverable(handle: DatabaseHandle, limit: number) {
  const rows = await handle.query<ClaimedRow>(
    `update email_outbox set last_error = $1
      where id in (
        select id from email_outbox
         where state = 'pending' and last_error is null
         order by id
         limit $2
         for update skip locked)
      returning id, kind, to_address, reply_to, subject, html, text, attempts`,
    [NO_SMTP_NOTE, limit],
  );
  // The text holds links that act for the recipient (a confirmation link signs them in): printed for a
  // developer without a mail server, never into a production log.
  const withText = getEnv().NODE_ENV !== "production";
  for (const row of rows) {
    logger.info(
      { outboxId: row.id, kind: row.kind, to: row.to_address, replyTo: row.reply_to, subject: row.subject, ...(withText ? { text: row.text } : {}) },
      "mail kept in the outbox (SMTP_URL is not set)",
    );
  }
  return rows.length;
}

function messageIdDomain(from: string) {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}
