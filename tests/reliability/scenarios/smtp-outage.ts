// The SMTP server is down while people send enquiries and contact messages:
// every submission still succeeds at once, the mails wait in the outbox, and
// when the SMTP server comes back each is delivered exactly once.
import { rmSync } from "node:fs";
import { withDb, type DatabaseTarget } from "~tests/reliability/support/database";
import { timedFetch } from "~tests/reliability/support/http";
import { startTestSmtpServer } from "~tests/support/smtp-server";
import { sleep, startServer, waitFor } from "~tests/reliability/support/server";
import type { ReliabilityOptions, ScenarioResult } from "~tests/reliability/support/types";

const SUBMISSIONS_PER_FORM = 15;

export async function smtpOutage(options: ReliabilityOptions): Promise<ScenarioResult> {
  const dataDir = `${options.workDir}/smtp-outage`;
  rmSync(dataDir, { recursive: true, force: true });
  const target: DatabaseTarget = { kind: "pglite", dataDir };
  // A real SMTP server, stopped at once: its port is known, nothing listens on it until it is started again.
  const smtp = await startTestSmtpServer();
  await smtp.stop();
  // TRUST_PROXY lets each submission come from its own address (X-Forwarded-For), so the per-IP limit does not stop the test.
  const server = await startServer({ port: 4314, buildDir: options.buildDir, dataDir, env: { SMTP_URL: smtp.url, SEED_DEMO_SIZE: "500", TRUST_PROXY: "true" } });
  const figures: Record<string, string | number> = {};
  try {
    const premium = await withDb(target, async (client) => (await client.query<{ unicode_name: string }>("select unicode_name from domains where status = 'premium' limit 1")).rows[0].unicode_name);
    const post = (path: string, form: Record<string, string>, index: number) =>
      timedFetch(`${server.url}${path}`, {
        method: "POST",
        headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `198.51.100.${index}` },
        body: new URLSearchParams(form),
      });
    const answers = [];
    for (let index = 1; index <= SUBMISSIONS_PER_FORM; index++) {
      answers.push(await post("/contact", { name: `Bertil ${index}`, email: `bertil${index}@example.se`, subject: `Fråga ${index}`, message: "Hej! Hur ofta uppdateras listorna?" }, index));
      answers.push(await post("/api/enquiry", { domain: premium, name: `Anna ${index}`, email: `anna${index}@example.se`, phone: "", message: "Hej! Vad kostar domänen?" }, 100 + index));
    }
    const succeeded = answers.filter((answer) => answer.status === 200).length;
    figures["submissions ok while SMTP down"] = `${succeeded}/${answers.length}`;
    figures["slowest submission (ms)"] = Math.max(...answers.map((answer) => answer.ms));

    // The delivery job has tried (and failed) each mail; they wait with their attempts counted.
    const waiting = await waitFor(
      "every mail to have been tried once",
      () =>
        withDb(target, async (client) => {
          const { rows } = await client.query<{ total: number; tried: number; sent: number }>(
            "select count(*)::int as total, count(*) filter (where attempts > 0)::int as tried, count(*) filter (where state = 'sent')::int as sent from email_outbox",
          );
          return rows[0].total === answers.length * 2 && rows[0].tried === rows[0].total ? rows[0] : undefined;
        }),
      120_000,
      1000,
    );
    figures["mails waiting"] = waiting.total - waiting.sent;

    const back = Date.now();
    await smtp.start();
    await waitFor(
      "every mail to be sent",
      () => withDb(target, async (client) => ((await client.query<{ n: number }>("select count(*)::int as n from email_outbox where state <> 'sent'")).rows[0].n === 0 ? true : undefined)),
      8 * 60_000,
      2000,
    );
    figures["delivered after SMTP returned (s)"] = Math.round((Date.now() - back) / 1000);
    // Two more scheduled runs: nothing may be sent again.
    await sleep(130_000);
    const outboxIds = await withDb(target, async (client) => (await client.query<{ id: number }>("select id from email_outbox order by id")).rows.map((row) => row.id));
    const received = new Map<string, number>();
    for (const mail of smtp.messages) {
      const messageId = mail.header("message-id") ?? "";
      received.set(messageId, (received.get(messageId) ?? 0) + 1);
    }
    const missing = outboxIds.filter((id) => ![...received.keys()].some((messageId) => messageId.startsWith(`<outbox-${id}@`))).length;
    const duplicates = [...received.values()].filter((count) => count > 1).length;
    figures["mails delivered"] = smtp.messages.length;
    figures.duplicates = duplicates;
    figures.missing = missing;
    return {
      name: "SMTP down, then back",
      ok: succeeded === answers.length && missing === 0 && duplicates === 0 && smtp.messages.length === outboxIds.length,
      figures,
      notes: [],
      faults: 1,
      requests: answers.length,
      itemsLost: missing + duplicates,
      itemsChecked: outboxIds.length,
    };
  } finally {
    await server.stop();
    await smtp.stop();
  }
}
