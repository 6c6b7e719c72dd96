import { afterAll, afterEach, beforeAll, beforeEach, expect, it, onTestFinished, vi } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import { contactInput, testMailSettings } from "~tests/factories/messages";
import { startTestSmtpServer, type TestSmtpServer } from "~tests/support/smtp-server";
import { submitContactMessage } from "~/server/contact/submit-contact-message.server";
import { enqueueEmail } from "./enqueue-email.server";
import { MAX_DELIVERY_ATTEMPTS, NO_SMTP_NOTE, deliverPendingEmails, retryDelayMs } from "./deliver-outbox.server";
import { createSmtpTransport, type MailTransport } from "./smtp-transport.server";
import { resetEnvForTests } from "~/server/env.server";
import { logger } from "~/server/logger.server";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
});
beforeEach(async () => {
  await smtp.start();
  smtp.messages.length = 0;
});
const testNodeEnv = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = testNodeEnv;
  resetEnvForTests();
});

type OutboxState = { id: number; state: string; attempts: number; last_error: string | null; next_attempt_at: Date; sent_at: Date | null };
const MINUTE = 60_000;

it("backs off 1, 2, 4 ... minutes and never more than 6 hours", () => {
  expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1, 2, 4, 8].map((minutes) => minutes * MINUTE));
  expect(retryDelayMs(30)).toBe(6 * 60 * MINUTE);
});

describeEachEngine("deliverPendingEmails", ({ handle }) => {
  const outbox = () => handle().query<OutboxState>("select id, state, attempts, last_error, next_attempt_at, sent_at from email_outbox order by id");

  it("keeps the mails while the SMTP server is down and delivers them exactly once when it is back", async () => {
    const { db } = handle();
    await smtp.stop();
    await submitContactMessage(db, contactInput(), { settings: testMailSettings });
    const start = new Date(Date.now() + 1000);
    const transport = createSmtpTransport(smtp.url);

    const down = await deliverPendingEmails(handle(), { transport, now: start });
    expect(down).toEqual({ sent: 0, retrying: 2, failed: 0, logged: 0 });
    for (const row of await outbox()) {
      expect(row).toMatchObject({ state: "pending", attempts: 1 });
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(row.next_attempt_at.getTime()).toBe(start.getTime() + MINUTE);
    }
    // Not due yet: nothing is tried before the backoff ends.
    expect(await deliverPendingEmails(handle(), { transport, now: new Date(start.getTime() + 30_000) })).toEqual({ sent: 0, retrying: 0, failed: 0, logged: 0 });

    await smtp.start();
    const later = new Date(start.getTime() + 2 * MINUTE);
    // Two runs at once (two app instances): the claim lets each row go out once.
    const runs = await Promise.all([
      deliverPendingEmails(handle(), { transport, now: later }),
      deliverPendingEmails(handle(), { transport: createSmtpTransport(smtp.url), now: later }),
    ]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(2);
    expect(await deliverPendingEmails(handle(), { transport, now: new Date(later.getTime() + 60 * MINUTE) })).toMatchObject({ sent: 0 });

    expect(smtp.messages.map((mail) => mail.envelopeTo[0]).sort()).toEqual(["bertil@example.se", "kontakt@test.example"]);
    for (const row of await outbox()) expect(row).toMatchObject({ state: "sent", attempts: 2, last_error: null });
  });

  it("sends each row once even when many runs race over many mails", async () => {
    const { db } = handle();
    for (let index = 0; index < 6; index += 1) {
      await submitContactMessage(db, contactInput({ subject: `Ämne ${index}` }), { settings: testMailSettings });
    }
    const sentIds: string[] = [];
    const counting: MailTransport = {
      async sendMail(message) {
        sentIds.push(message.messageId);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    await Promise.all(Array.from({ length: 4 }, () => deliverPendingEmails(handle(), { transport: counting, limit: 5 })));
    await deliverPendingEmails(handle(), { transport: counting });
    expect(sentIds).toHaveLength(12);
    expect(new Set(sentIds).size).toBe(12);
  });

  it(`gives up after ${MAX_DELIVERY_ATTEMPTS} attempts and marks the mail failed`, async () => {
    const { db } = handle();
    await enqueueEmail(db, { kind: "test", to: "a@example.se", subject: "Hej", html: "<p>Hej</p>", text: "Hej" });
    const broken: MailTransport = { sendMail: async () => Promise.reject(new Error("550 mailbox unavailable")) };
    let now = new Date("2030-01-01T00:00:00Z");
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      const result = await deliverPendingEmails(handle(), { transport: broken, now });
      expect(result).toEqual(attempt < MAX_DELIVERY_ATTEMPTS ? { sent: 0, retrying: 1, failed: 0, logged: 0 } : { sent: 0, retrying: 0, failed: 1, logged: 0 });
      now = new Date(now.getTime() + retryDelayMs(attempt));
    }
    expect(await outbox()).toEqual([expect.objectContaining({ state: "failed", attempts: MAX_DELIVERY_ATTEMPTS, last_error: "550 mailbox unavailable" })]);
    expect(await deliverPendingEmails(handle(), { transport: broken, now: new Date("2031-01-01T00:00:00Z") })).toMatchObject({ retrying: 0, failed: 0 });
  });

  it("without SMTP keeps mails pending and logs each one once; they go out when SMTP is configured", async () => {
    const { db } = handle();
    await submitContactMessage(db, contactInput(), { settings: testMailSettings });
    expect(await deliverPendingEmails(handle(), { transport: null })).toMatchObject({ logged: 2 });
    expect(await deliverPendingEmails(handle(), { transport: null })).toMatchObject({ logged: 0 });
    for (const row of await outbox()) expect(row).toMatchObject({ state: "pending", attempts: 0, last_error: NO_SMTP_NOTE });

    expect(await deliverPendingEmails(handle(), { transport: createSmtpTransport(smtp.url) })).toMatchObject({ sent: 2 });
    expect(smtp.messages).toHaveLength(2);
  });

  it("without SMTP logs a mail's text (a confirmation link signs its reader in) only outside production", async () => {
    const { db } = handle();
    const logged = vi.spyOn(logger, "info").mockImplementation(() => undefined);
    onTestFinished(() => logged.mockRestore());
    const link = "https://snartlediga.test/api/auth/verify-email?token=hemlig-token&callbackURL=%2F";
    const mailWithLink = { kind: "verify-email", to: "ny@example.se", subject: "Bekräfta din e-postadress", html: `<a href="${link}">`, text: `Öppna ${link}` };
    const printed = () => JSON.stringify(logged.mock.calls);

    // Production needs its public address (env.server.ts refuses to start without it).
    process.env.NODE_ENV = "production";
    process.env.SITE_URL = "https://snartlediga.test";
    onTestFinished(() => {
      delete process.env.SITE_URL;
      resetEnvForTests();
    });
    resetEnvForTests();
    await enqueueEmail(db, mailWithLink);
    expect(await deliverPendingEmails(handle(), { transport: null })).toMatchObject({ logged: 1 });
    expect(printed()).toContain("ny@example.se");
    expect(printed()).not.toContain("hemlig-token");

    process.env.NODE_ENV = "development";
    resetEnvForTests();
    logged.mockClear();
    await enqueueEmail(db, { ...mailWithLink, to: "andra@example.se" });
    expect(await deliverPendingEmails(handle(), { transport: null })).toMatchObject({ logged: 1 });
    expect(printed()).toContain("hemlig-token");
  });

  it("delivers the contact mails with the right recipients, Reply-To, subject and escaped body", async () => {
    const { db } = handle();
    await submitContactMessage(
      db,
      contactInput({ name: "<b>Bertil</b>", subject: "<script>alert(1)</script>", message: "Rad ett\nRad två & <tre>" }),
      { settings: testMailSettings },
    );
    await deliverPendingEmails(handle(), { transport: createSmtpTransport(smtp.url) });
    const toUs = smtp.messages.find((mail) => mail.envelopeTo[0] === "kontakt@test.example")!;
    expect(toUs.subject).toBe("Kontaktformulär: <script>alert(1)</script>");
    expect(toUs.header("reply-to")).toBe("bertil@example.se");
    expect(toUs.html).toContain("&lt;b&gt;Bertil&lt;/b&gt;");
    expect(toUs.html).toContain("Rad ett\nRad två &amp; &lt;tre&gt;");
    expect(toUs.html).not.toMatch(/<script|<b>|<tre>/);
    expect(toUs.text).toContain("Rad ett\nRad två & <tre>");
    const confirmation = smtp.messages.find((mail) => mail.envelopeTo[0] === "bertil@example.se")!;
    expect(confirmation.subject).toBe("Tack för ditt meddelande – Snart lediga");
    expect(confirmation.raw).not.toContain("alert(1)");
  });
});
