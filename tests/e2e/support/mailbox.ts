import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { parseMail, type ParsedMail } from "~tests/support/parse-mail";

export type DeliveredMail = ParsedMail & { envelopeTo: string[] };

/** Where the e2e server's SMTP test peer files what it receives (scripts/e2e-server.js). */
function mailboxDir() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return `${dataDir}-mailbox`;
}

/** Every mail the server has delivered to `address` so far, oldest first. */
export async function mailsTo(address: string): Promise<DeliveredMail[]> {
  const names = (await readdir(mailboxDir())).filter((name) => name.endsWith(".json")).sort();
  const mails: DeliveredMail[] = [];
  for (const name of names) {
    const { envelopeTo, raw } = JSON.parse(await readFile(join(mailboxDir(), name), "utf8")) as { envelopeTo: string[]; raw: string };
    if (envelopeTo.includes(address)) mails.push({ ...parseMail(raw), envelopeTo });
  }
  return mails;
}

/**
 * Waits until the server has delivered mail number `count` to `address` whose subject
 * is `subject` (or matches it), and returns it. Delivery runs as a job right after the
 * request, through SMTP.
 */
export async function waitForMail(address: string, subject: string | RegExp, count = 1): Promise<DeliveredMail> {
  const matches = (mail: DeliveredMail) => (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject));
  let found: DeliveredMail[] = [];
  await expect
    .poll(async () => (found = (await mailsTo(address)).filter(matches)).length, {
      message: `mail ${count} to ${address} matching ${subject}`,
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(count);
  return found[count - 1];
}

/** The first address in a mail's text that starts with `prefix` (a link of ours). */
export function linkIn(mail: DeliveredMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  expect(link, `a link starting ${prefix} in "${mail.subject}"`).toBeTruthy();
  return link!;
}
