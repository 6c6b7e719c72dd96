import nodemailer from "nodemailer";
import { getEnv } from "~/server/env.server";

export type MailMessage = {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
};

/** What delivery needs from a mail transport; nodemailer's transporter fits, and so does a test double. */
export type MailTransport = { sendMail(message: MailMessage): Promise<unknown> };

/**
 * An SMTP transport for a URL such as smtp://user:pass@host:587 or
 * smtps://host:465 (options in the URL's query win over these defaults).
 * Short timeouts: a hung mail server must not hold a delivery run, and the
 * rows it claimed, for minutes.
 */
export function createSmtpTransport(url: string) {
  return nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  }) as unknown as MailTransport & { close(): void };
}

let cached: { url: string; transport: MailTransport } | undefined;

/** The configured transport, or null when SMTP_URL is unset (mails then stay in the outbox and are logged). */
export function getMailTransport(): MailTransport | null {
  const url = getEnv().SMTP_URL;
  if (!url) return null;
  if (cached?.url !== url) cached = { url, transport: createSmtpTransport(url) };
  return cached.transport;
}
