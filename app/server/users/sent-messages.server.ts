import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { toUnicode } from "~/domain/names";
import type { Db } from "~/server/db/client.server";
import { contactMessages, emailOutbox, enquiries } from "~/server/db/schema/index.server";

// The contact messages and premium enquiries an account's owner sent. They are not tied to the
// account (a visitor sends them without signing in): its e-mail address joins them to it, and
// only an owner who confirmed that address can sign in to download or delete them.

/** The mails a contact message or an enquiry queues (the message to us, and the confirmation to the sender). */
const MESSAGE_MAIL_KINDS = ["contact", "contact-confirmation", "enquiry", "enquiry-confirmation"] as const;

type MessageTable = typeof contactMessages | typeof enquiries;

/** Matched in any case: the forms keep the address as typed. */
const fromAddress = (table: MessageTable, email: string) => eq(sql`lower(${table.email})`, email.trim().toLowerCase());

/** What both forms keep of their sender, and when the message came. */
const senderColumns = (table: MessageTable) => ({
  name: table.name,
  email: table.email,
  message: table.message,
  ipAddress: table.ipAddress,
  sentAt: table.createdAt,
});

/** The messages sent from `email`, oldest first, for the account's data download. */
export async function listSentMessages(db: Db, email: string) {
  const [contact, enquiryRows] = await Promise.all([
    db
      .select({ subject: contactMessages.subject, ...senderColumns(contactMessages) })
      .from(contactMessages)
      .where(fromAddress(contactMessages, email))
      .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id)),
    db
      .select({ domain: enquiries.domainName, phone: enquiries.phone, ...senderColumns(enquiries) })
      .from(enquiries)
      .where(fromAddress(enquiries, email))
      .orderBy(asc(enquiries.createdAt), asc(enquiries.id)),
  ]);
  return {
    contactMessages: contact.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() })),
    enquiries: enquiryRows.map((row) => ({ ...row, domain: toUnicode(row.domain), sentAt: row.sentAt.toISOString() })),
  };
}

/**
 * Deletes the messages sent from `email` with their mails still in the outbox (the one to us
 * repeats the message and has the address as its reply-to; the confirmation goes to it).
 * Called inside the account's deletion, so all of it goes or none.
 */
export async function deleteSentMessages(tx: Db, email: string) {
  const address = email.trim().toLowerCase();
  await tx.delete(contactMessages).where(fromAddress(contactMessages, address));
  await tx.delete(enquiries).where(fromAddress(enquiries, address));
  await tx
    .delete(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.kind, [...MESSAGE_MAIL_KINDS]),
        or(eq(sql`lower(${emailOutbox.toAddress})`, address), eq(sql`lower(${emailOutbox.replyTo})`, address)),
      ),
    );
}
