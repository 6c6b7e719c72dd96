import type { OutgoingEmail } from "~/server/email/enqueue-email.server";
import { renderMail } from "~/server/email/templates/mail-layout.server";

type Site = { siteName: string; siteUrl: string };

/**
 * The sign-up confirmation mail. It goes to whatever address was typed, so it carries
 * nothing the person wrote except that address, and says what to do if it was not them.
 */
export function verificationEmail({ to, url }: { to: string; url: string }, site: Site): OutgoingEmail {
  const mail = renderMail({
    siteName: site.siteName,
    heading: "Bekräfta din e-postadress",
    paragraphs: [
      `Välkommen till ${site.siteName}! Bekräfta din e-postadress ${to} för att aktivera ditt konto och kunna bevaka domäner.`,
    ],
    action: { label: "Bekräfta e-postadress", url },
    after: [
      "Länken gäller i 24 timmar. Har den gått ut kan du be om en ny på inloggningssidan.",
      "Har du inte skapat något konto kan du bortse från det här mejlet.",
    ],
    footer: `${site.siteName} – ${site.siteUrl}`,
  });
  return { kind: "verify-email", to, subject: `Bekräfta din e-postadress – ${site.siteName}`, ...mail };
}
