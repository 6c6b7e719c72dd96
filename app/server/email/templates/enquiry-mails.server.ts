import type { OutgoingEmail } from "~/server/email/enqueue-email.server";
import { renderMail } from "./mail-layout.server";

export type EnquiryMailInput = {
  /** Unicode form, as people read it. */
  domain: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
};

export type MailSiteConfig = { siteName: string; siteUrl: string };

/**
 * An enquiry's mails (docs/product.md, "Premium names"): the one to sales, subject "Domänförfrågan:
 * {domain}", and the thank-you to the enquirer.
 */
export function enquiryMails(input: EnquiryMailInput, to: { sales: string }, site: MailSiteConfig): OutgoingEmail[] {
  const toSales = renderMail({
    siteName: site.siteName,
    heading: `Ny förfrågan om ${input.domain}`,
    paragraphs: [`${input.name} vill veta mer om premiumdomänen ${input.domain}. Svara på det här mejlet för att svara avsändaren.`],
    rows: [
      { label: "Domän", value: input.domain },
      { label: "Namn", value: input.name },
      { label: "E-post", value: input.email },
      ...(input.phone ? [{ label: "Telefon", value: input.phone }] : []),
      { label: "Meddelande", value: input.message, multiline: true },
      { label: "Domänsida", value: `${site.siteUrl}/d/${input.domain}` },
    ],
  });

  // The confirmation goes to an address anyone can type, so it repeats
  // nothing the sender wrote: the form cannot be used to mail arbitrary text.
  const confirmation = renderMail({
    siteName: site.siteName,
    heading: "Tack för din förfrågan!",
    paragraphs: [
      `Vi har tagit emot din förfrågan om domänen ${input.domain}. Vi hör av oss inom kort med mer information.`,
      `Har du inte skickat någon förfrågan kan du bortse från det här mejlet.`,
    ],
    footer: `${site.siteName} – ${site.siteUrl}`,
  });

  return [
    { kind: "enquiry", to: to.sales, replyTo: input.email, subject: `Domänförfrågan: ${input.domain}`, ...toSales },
    { kind: "enquiry-confirmation", to: input.email, subject: `Tack för din förfrågan om ${input.domain}`, ...confirmation },
  ];
}
