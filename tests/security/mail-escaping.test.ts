// Script and HTML typed into the enquiry and contact forms reach the site's
// mailbox as text: every user value is escaped in the HTML part, and header
// values cannot carry line breaks (no "\r\nBcc:" injection).
import { describe, expect, it } from "vitest";
import { parseContactForm } from "~/lib/contact-schema";
import { parseEnquiryForm } from "~/lib/enquiry-schema";
import { verificationEmail } from "~/server/auth/verification-email.server";
import { contactMails } from "~/server/email/templates/contact-mails.server";
import { enquiryMails } from "~/server/email/templates/enquiry-mails.server";
import { contactInput, enquiryInput, formDataOf, testMailSettings } from "~tests/factories/messages";
import { XSS_PAYLOADS } from "./support/payloads";

/**
 * The HTML part's structure: every tag with its attribute names. A payload that
 * escaped into markup adds a tag or an attribute (or breaks one open); escaped
 * text changes neither.
 */
function markupShape(html: string) {
  return [...html.matchAll(/<\/?([a-zA-Z0-9!]+)([^>]*)>/g)].map(([, tag, rest]) => {
    const attributes = [...rest.matchAll(/\s([a-zA-Z-]+)(?:=("[^"]*"|'[^']*'|[^\s>]*))?/g)].map((match) => match[1]);
    return `${tag}(${attributes.join(",")})`;
  });
}

describe("mails escape what people typed", () => {
  it.each(XSS_PAYLOADS)("enquiry mails carry %j as text", (payload) => {
    const mails = enquiryMails(enquiryInput({ name: payload.slice(0, 100), message: `${payload}\n${payload}` }), { sales: "salj@test.example" }, testMailSettings.site);
    const plain = enquiryMails(enquiryInput(), { sales: "salj@test.example" }, testMailSettings.site);
    mails.forEach((mail, index) => expect(markupShape(mail.html)).toEqual(markupShape(plain[index].html)));
    const toSales = mails[0];
    expect(toSales.text).toContain(payload);
    expect(toSales.html).toContain(payload.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;"));
    // The confirmation goes to an address anybody can type: it repeats nothing that was written.
    expect(mails[1].html + mails[1].text).not.toContain(payload);
  });

  it.each(XSS_PAYLOADS)("contact mails carry %j as text", (payload) => {
    const mails = contactMails(contactInput({ name: payload.slice(0, 100), subject: payload, message: payload }), { contact: "kontakt@test.example" }, testMailSettings.site);
    const plain = contactMails(contactInput(), { contact: "kontakt@test.example" }, testMailSettings.site);
    mails.forEach((mail, index) => expect(markupShape(mail.html)).toEqual(markupShape(plain[index].html)));
    expect(mails[0].text).toContain(payload);
    expect(mails[1].html + mails[1].text).not.toContain(payload);
  });

  it("the confirmation mail escapes the address and link it shows", () => {
    const plain = verificationEmail({ to: "anna@example.se", url: "https://snartlediga.test/api/auth/verify-email?token=abc" }, testMailSettings.site);
    for (const payload of XSS_PAYLOADS) {
      const mail = verificationEmail({ to: `${payload}@example.se`, url: `https://snartlediga.test/api/auth/verify-email?token=${payload}` }, testMailSettings.site);
      expect(markupShape(mail.html)).toEqual(markupShape(plain.html));
    }
  });

  it("refuses line breaks in header-bound fields (name, subject) instead of mailing them", () => {
    for (const injected of ["Hej\r\nBcc: victim@example.se", "Hej\nBcc: victim@example.se", "Hej\u2028Bcc: x@example.se", "Hej\u0000"]) {
      const contact = parseContactForm(formDataOf({ name: "Bertil", email: "bertil@example.se", subject: injected, message: "Hej" }));
      expect(contact.ok, JSON.stringify(injected)).toBe(false);
      const named = parseContactForm(formDataOf({ name: injected, email: "bertil@example.se", subject: "Fråga", message: "Hej" }));
      expect(named.ok).toBe(false);
      const enquiry = parseEnquiryForm(formDataOf({ domain: "kaffe.nu", name: injected, email: "anna@example.se", phone: "", message: "Hej" }));
      expect(enquiry.ok).toBe(false);
    }
  });

  it("refuses an e-mail address (the Reply-To) that carries markup or a second address", () => {
    for (const email of ["<script>@example.se", "anna@example.se\r\nBcc: x@example.se", "anna@example.se, x@example.se", '"a b"@example.se>']) {
      const contact = parseContactForm(formDataOf({ name: "Bertil", email, subject: "Fråga", message: "Hej" }));
      expect(contact.ok, email).toBe(false);
    }
  });
});
