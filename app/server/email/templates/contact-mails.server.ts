import type { OutgoingEmail } from "~/server/email/enqueue-email.server";
import type { MailSiteConfig } from "./enquiry-mails.server";
import { renderMail } from "./mail-layout.server";

export type ContactMailInput = { name: string; email: string; subject: string; message: string };

/** A contact message's mails (docs/product.md, "Premium names"): one to the contact address and a confirmation to the sender. */
export function contactMails(input: ContactMailInput, to: { contact: string }, site: MailSiteConfig): OutgoingEmail[] {
  const toUs = renderMail({
    siteName: site.siteName,
    heading: `Nytt meddelande: ${input.subject}`,
    paragraphs: [`${input.name} har skrivit via kontaktformuläret. Svara på det här mejlet för att svara avsändaren.`],
    rows: [
      { label: "Namn", value: input.name },
      { label: "E-post", value: input.email },
      { label: "Ämne", value: input.subject },
      { label: "Meddelande", value: input.message, multiline: true },
    ],
  });

  // Sent to whatever address was typed, so it repeats nothing the sender wrote.
  const confirmation = renderMail({
    siteName: site.siteName,
    heading: "Tack för ditt meddelande!",
    paragraphs: [
      `Vi har tagit emot ditt meddelande till ${site.siteName} och återkommer så snart som möjligt, oftast inom 24 timmar på vardagar.`,
      "Har du inte skrivit till oss kan du bortse från det här mejlet.",
    ],
    footer: `${site.siteName} – ${site.siteUrl}`,
  });

  return [
    { kind: "contact", to: to.contact, replyTo: input.email, subject: `Kontaktformulär: ${input.subject}`, ...toUs },
    { kind: "contact-confirmation", to: input.email, subject: `Tack för ditt meddelande – ${site.siteName}`, ...confirmation },
  ];
}
