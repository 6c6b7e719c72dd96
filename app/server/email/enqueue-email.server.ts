import type { Db } from "~/server/db/client.server";
import { emailOutbox } from "~/server/db/schema/index.server";

export type OutgoingEmail = {
  /** What the mail is, for the backoffice and logs: "enquiry", "contact", "verify-email" ... */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
};

/**
 * Puts mails in the outbox. Call it inside the transaction that stores what
 * caused the mail: the mail exists exactly when the thing it reports does.
 * A job delivers the outbox over SMTP.
 */
export async function enqueueEmail(db: Db, ...mails: OutgoingEmail[]) {
  if (mails.length === 0) return [];
  for (const mail of mails) assertSingleLineHeaders(mail);
  return db
    .insert(emailOutbox)
    .values(
      mails.map((mail) => ({
        kind: mail.kind,
        toAddress: mail.to,
        replyTo: mail.replyTo ?? null,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      })),
    )
    .returning({ id: emailOutbox.id });
}

/** Header values never carry line breaks: that is how header injection ("\r\nBcc:") works. */
function assertSingleLineHeaders(mail: OutgoingEmail) {
  for (const value of [mail.to, mail.subject, mail.replyTo ?? ""]) {
    if (/[\r\n]/.test(value)) throw new Error(`Refusing a mail header with a line break (${mail.kind})`);
  }
}
