import { count, desc, eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { OUTBOX_STATES, emailOutbox } from "~/server/db/schema/index.server";

export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * The outbox for the backoffice, newest first: with no SMTP server this is
 * where an administrator reads the mails (the plain-text part is included;
 * the HTML is left out of the list, and must never be rendered unescaped).
 */
export async function listOutbox(db: Db, options: { state?: OutboxState; page?: number; pageSize?: number } = {}) {
  const pageSize = Math.min(Math.max(options.pageSize ?? 25, 1), 100);
  const page = Math.max(options.page ?? 1, 1);
  const where = options.state ? eq(emailOutbox.state, options.state) : undefined;

  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        kind: emailOutbox.kind,
        toAddress: emailOutbox.toAddress,
        replyTo: emailOutbox.replyTo,
        subject: emailOutbox.subject,
        text: emailOutbox.text,
        state: emailOutbox.state,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        nextAttemptAt: emailOutbox.nextAttemptAt,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(emailOutbox).where(where),
  ]);
  return { rows, total, page, pageSize };
}
