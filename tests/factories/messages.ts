import type { ContactInput } from "~/lib/contact-schema";
import type { EnquiryInput } from "~/lib/enquiry-schema";
import type { MailSettings } from "~/server/email/mail-settings.server";

export const testMailSettings: MailSettings = {
  salesEmail: "salj@test.example",
  contactEmail: "kontakt@test.example",
  site: { siteName: "Snart lediga", siteUrl: "https://snartlediga.test" },
};

export function enquiryInput(overrides: Partial<EnquiryInput> = {}): EnquiryInput {
  return {
    domain: "premiumnamn.se",
    name: "Anna Andersson",
    email: "anna@example.se",
    phone: "+46 70 123 45 67",
    message: "Hej! Jag är intresserad av domänen. Vad kostar den?",
    ...overrides,
  };
}

export function contactInput(overrides: Partial<ContactInput> = {}): ContactInput {
  return {
    name: "Bertil Berg",
    email: "bertil@example.se",
    subject: "Fråga om tjänsten",
    message: "Hur ofta uppdateras listorna?",
    ...overrides,
  };
}

/** A form body as a browser would post it. */
export function formDataOf(values: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(values)) formData.set(key, value);
  return formData;
}
