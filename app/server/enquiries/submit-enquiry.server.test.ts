import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { toAscii } from "~/domain/names";
import { describeEachEngine } from "~tests/setup/test-db";
import { insertDomain } from "~tests/factories/domain-detail";
import { enquiryInput, testMailSettings } from "~tests/factories/messages";
import { startTestSmtpServer, type TestSmtpServer } from "~tests/support/smtp-server";
import { deliverPendingEmails } from "~/server/email/deliver-outbox.server";
import { createSmtpTransport } from "~/server/email/smtp-transport.server";
import { submitEnquiry } from "./submit-enquiry.server";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

const FROM = "Snart lediga <noreply@snartlediga.test>";

describeEachEngine("submitEnquiry", ({ handle }) => {
  it("stores the enquiry and delivers exactly two mails: to sales and a thank-you to the enquirer", async () => {
    const { db } = handle();
    await insertDomain(db, "räksmörgåsbord.se", { status: "premium", price: 25000 });
    const result = await submitEnquiry(
      db,
      enquiryInput({ domain: "räksmörgåsbord.se", name: "<script>alert(1)</script>", message: 'Pris? <img src=x onerror="alert(1)"> & mer' }),
      { ipAddress: "192.0.2.1", settings: testMailSettings },
    );
    expect(result.ok).toBe(true);

    const stored = await handle().query<{ domain_name: string; name: string; ip_address: string }>("select * from enquiries");
    expect(stored).toEqual([expect.objectContaining({ domain_name: toAscii("räksmörgåsbord.se"), name: "<script>alert(1)</script>", ip_address: "192.0.2.1" })]);

    const delivery = await deliverPendingEmails(handle(), { transport: createSmtpTransport(smtp.url), from: FROM });
    expect(delivery).toEqual({ sent: 2, retrying: 0, failed: 0, logged: 0 });
    expect(smtp.messages).toHaveLength(2);

    const toSales = smtp.messages.find((mail) => mail.envelopeTo.includes("salj@test.example"))!;
    expect(toSales.envelopeTo).toEqual(["salj@test.example"]);
    expect(toSales.subject).toBe("Domänförfrågan: räksmörgåsbord.se");
    expect(toSales.header("reply-to")).toBe("anna@example.se");
    expect(toSales.html).toContain("räksmörgåsbord.se");
    expect(toSales.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(toSales.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; mer");
    expect(toSales.html).not.toMatch(/<script|<img/i);
    expect(toSales.html).toContain("+46 70 123 45 67");
    expect(toSales.text).toContain("Meddelande:\nPris? <img src=x onerror=\"alert(1)\"> & mer");

    const thanks = smtp.messages.find((mail) => mail.envelopeTo.includes("anna@example.se"))!;
    expect(thanks.envelopeTo).toEqual(["anna@example.se"]);
    expect(thanks.subject).toBe("Tack för din förfrågan om räksmörgåsbord.se");
    // Nothing the sender wrote is mailed to the address they typed.
    expect(thanks.raw).not.toContain("alert(1)");
    expect(thanks.header("from")).toContain("noreply@snartlediga.test");
  });

  it("leaves the phone out when none was given", async () => {
    const { db } = handle();
    await insertDomain(db, "premiumnamn.se", { status: "premium" });
    await submitEnquiry(db, enquiryInput({ phone: null }), { settings: testMailSettings });
    const [mail] = await handle().query<{ html: string; text: string }>("select html, text from email_outbox where kind = 'enquiry'");
    expect(mail.html).not.toContain("Telefon");
    expect(mail.text).not.toContain("Telefon");
  });

  it("refuses names that are not premium, storing nothing", async () => {
    const { db } = handle();
    await insertDomain(db, "vanlig.se", { status: "available" });
    for (const domain of ["vanlig.se", "finnsinte.se", "inte en domän"]) {
      expect(await submitEnquiry(db, enquiryInput({ domain }), { settings: testMailSettings })).toEqual({ ok: false, reason: "not-for-sale" });
    }
    expect(await handle().query("select id from enquiries")).toEqual([]);
    expect(await handle().query("select id from email_outbox")).toEqual([]);
  });

  it("stores nothing when queueing a mail fails: the enquiry and its mails are one transaction", async () => {
    const { db } = handle();
    await insertDomain(db, "premiumnamn.se", { status: "premium" });
    // A header with a line break is refused by enqueueEmail, after the enquiry row was inserted.
    const settings = { ...testMailSettings, salesEmail: "salj@test.example\r\nBcc: x@y.z" };
    await expect(submitEnquiry(db, enquiryInput(), { settings })).rejects.toThrow(/line break/);
    expect(await handle().query("select id from enquiries")).toEqual([]);
    expect(await handle().query("select id from email_outbox")).toEqual([]);
  });
});
