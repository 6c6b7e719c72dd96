import type { OutgoingEmail } from "~/server/email/enqueue-email.server";
import { renderMail } from "~/server/email/templates/mail-layout.server";

type Site = { siteName: string; siteUrl: string };

/** The mails about an account's own access; deleting the account deletes these with it. */
export const ACCOUNT_MAIL_KINDS = ["verify-email", "password-reset", "password-changed"] as const;

/** How long a password reset link works ("en timme" in the mail and on /auth/forgot-password). */
export const RESET_LINK_HOURS = 1;

/** "Glömt lösenordet?": a single-use link to choose a new password. Sent only to an address with an account. */
export function passwordResetEmail({ to, url }: { to: string; url: string }, site: Site): OutgoingEmail {
  const mail = renderMail({
    siteName: site.siteName,
    heading: "Välj ett nytt lösenord",
    paragraphs: [`Någon, förhoppningsvis du, har bett om att få byta lösenord för kontot ${to} på ${site.siteName}.`],
    action: { label: "Välj nytt lösenord", url },
    after: [
      "Länken gäller i en timme och kan bara användas en gång. När du har valt ett nytt lösenord loggas du ut överallt där du är inloggad.",
      "Har du inte bett om det här kan du bortse från mejlet: ditt lösenord ändras inte.",
    ],
    footer: `${site.siteName} – ${site.siteUrl}`,
  });
  return { kind: "password-reset", to, subject: `Återställ ditt lösenord – ${site.siteName}`, ...mail };
}

/**
 * Sent after every password change and reset, so the owner hears of a change they did
 * not make; it points to the reset form, which also ends the other person's sessions.
 */
export function passwordChangedEmail({ to }: { to: string }, site: Site): OutgoingEmail {
  const mail = renderMail({
    siteName: site.siteName,
    heading: "Ditt lösenord är bytt",
    paragraphs: [
      `Lösenordet för ditt konto ${to} på ${site.siteName} har just bytts, och du har loggats ut på dina andra enheter.`,
      "Var det du behöver du inte göra något mer.",
      "Var det inte du? Välj ett nytt lösenord direkt, så loggas alla ut som använder det gamla:",
    ],
    action: { label: "Återställ lösenordet", url: `${site.siteUrl}/auth/forgot-password` },
    footer: `${site.siteName} – ${site.siteUrl}`,
  });
  return { kind: "password-changed", to, subject: `Ditt lösenord är bytt – ${site.siteName}`, ...mail };
}
