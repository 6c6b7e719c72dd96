import { beforeEach, expect, it } from "vitest";
import { action as contactAction } from "~/routes/public/contact";
import { action as enquiryAction } from "~/routes/api/enquiry";
import { describeEachEngine } from "~tests/setup/test-db";
import { insertDomain } from "~tests/factories/domain-detail";
import { appContextForTests } from "~tests/factories/users";
import { TOO_LARGE_MESSAGE } from "~/server/http/message-form-action.server";
import { REQUEST_BODY_LIMIT_BYTES } from "~/server/http/request-body.server";
import { resetRateLimitsForTests } from "~/server/rate-limit.server";
import { useDatabaseForTests } from "~/server/services.server";

const SITE = "http://localhost:3000";
type Reply = { data: { ok: boolean; fieldErrors?: Record<string, string>; formError?: string; values?: Record<string, string> }; init: ResponseInit | null };

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { origin: SITE, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.7", ...headers },
    body: new URLSearchParams(fields),
  });
}
const sendEnquiry = async (fields: Record<string, string>, headers?: Record<string, string>) =>
  (await enquiryAction({ request: post("/api/enquiry", fields, headers), context: appContextForTests() } as never)) as unknown as Reply;
const sendContact = async (fields: Record<string, string>, headers?: Record<string, string>) =>
  (await contactAction({ request: post("/contact", fields, headers), context: appContextForTests() } as never)) as unknown as Reply;

const enquiry = { domain: "räksmörgåsbord.se", name: "Anna", email: "anna@example.se", phone: "", message: "Hej! Vad kostar domänen?" };
const contact = { name: "Bertil", email: "bertil@example.se", subject: "Fråga", message: "Hej på er!" };

beforeEach(async () => {
  await resetRateLimitsForTests("memory");
});

describeEachEngine("enquiry and contact actions", ({ handle }) => {
  beforeEach(async () => {
    useDatabaseForTests(handle());
    await insertDomain(handle().db, "räksmörgåsbord.se", { status: "premium" });
  });
  const count = async (table: string) => (await handle().query<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;

  it("stores a valid enquiry with its two mails and answers ok", async () => {
    const reply = await sendEnquiry(enquiry);
    expect(reply.data).toEqual({ ok: true });
    expect(await count("enquiries")).toBe(1);
    expect(await handle().query("select kind, to_address, reply_to from email_outbox order by id")).toEqual([
      { kind: "enquiry", to_address: "salj@snartlediga.se", reply_to: "anna@example.se" },
      { kind: "enquiry-confirmation", to_address: "anna@example.se", reply_to: null },
    ]);
  });

  it("answers field errors in Swedish and keeps what was typed, storing nothing", async () => {
    const reply = await sendEnquiry({ ...enquiry, name: "A\r\nBcc: x@y.z", email: "nej", message: "x".repeat(20_000) });
    expect(reply.init?.status).toBe(400);
    expect(reply.data.fieldErrors).toEqual({
      name: "Namnet får inte innehålla radbrytningar.",
      email: "Vänligen ange en giltig e-postadress.",
      message: "Meddelandet får vara högst 5000 tecken.",
    });
    expect(reply.data.values?.message).toHaveLength(5000);
    expect(await count("enquiries")).toBe(0);
    expect(await count("email_outbox")).toBe(0);
  });

  it("refuses an enquiry about a name that is not for sale", async () => {
    const reply = await sendEnquiry({ ...enquiry, domain: "hund.se" });
    expect(reply.data).toMatchObject({ ok: false, formError: "Den här domänen är inte till salu." });
    expect(await count("email_outbox")).toBe(0);
  });

  it("pretends success to a bot that filled the honeypot, storing nothing", async () => {
    expect((await sendEnquiry({ ...enquiry, website: "http://spam.example" })).data).toEqual({ ok: true });
    expect((await sendContact({ ...contact, website: "http://spam.example" })).data).toEqual({ ok: true });
    expect(await count("enquiries")).toBe(0);
    expect(await count("contact_messages")).toBe(0);
    expect(await count("email_outbox")).toBe(0);
  });

  it("allows 5 messages per IP in 10 minutes, per form, then answers with the Swedish limit message", async () => {
    for (let index = 0; index < 5; index += 1) expect((await sendContact(contact)).data.ok).toBe(true);
    const limited = await sendContact(contact);
    expect(limited.init?.status).toBe(429);
    // The window started with the first message, a moment ago.
    expect(limited.data.formError).toBe("För många meddelanden. Försök igen om 10 minuter.");
    expect(Number(new Headers(limited.init?.headers).get("retry-after"))).toBeGreaterThan(9 * 60);
    // Another address, and the other form, are counted separately.
    expect((await sendContact(contact, { "x-forwarded-for": "198.51.100.8" })).data.ok).toBe(true);
    expect((await sendEnquiry(enquiry)).data.ok).toBe(true);
    expect(await count("contact_messages")).toBe(6);
  });

  it("refuses a body over the request body limit before parsing it", async () => {
    const reply = await sendContact({ ...contact, message: "x".repeat(REQUEST_BODY_LIMIT_BYTES) });
    expect(reply.init?.status).toBe(413);
    expect(reply.data.formError).toBe(TOO_LARGE_MESSAGE);
  });

  it("refuses a post from another site (CSRF)", async () => {
    await expect(sendContact(contact, { origin: "https://evil.example" })).rejects.toMatchObject({ init: { status: 403 } });
    expect(await count("contact_messages")).toBe(0);
  });
});
