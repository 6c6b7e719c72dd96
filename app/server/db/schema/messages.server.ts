import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Enquiries about premium domains, stored before any mail is attempted. */
export const enquiries = pgTable(
  "enquiries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    domainName: text("domain_name").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("enquiries_created_idx").on(table.createdAt.desc())],
);

/** Messages from the contact page. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("contact_messages_created_idx").on(table.createdAt.desc())],
);

export const OUTBOX_STATES = ["pending", "sent", "failed"] as const;

/**
 * Every mail is written here in the same transaction as what caused it, then
 * delivered by a job; a mail server being down loses nothing.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    state: text("state", { enum: OUTBOX_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    check("email_outbox_state_check", sql`${table.state} in ('pending', 'sent', 'failed')`),
    index("email_outbox_state_next_idx").on(table.state, table.nextAttemptAt),
    index("email_outbox_created_idx").on(table.createdAt.desc()),
  ],
);

export type OutboxRow = typeof emailOutbox.$inferSelect;
