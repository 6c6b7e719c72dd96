import type { OutgoingEmail } from "~/server/email/enqueue-email.server";
import { renderMail } from "~/server/email/templates/mail-layout.server";

type Site = { siteName: string; siteUrl: string };

/** The mails about an account's own access; deleting the account deletes these with it. */
export const ACCOUNT_MAIL_KINDS = ["verify-email", "existing-account", "password-reset", "password-changed"] as const;

/**
 * Sent when someone signs up with an address that already has an account, in place of the
 * confirmation mail a new address gets: the sign-up does the same work and answers the same
 * either way (docs/decisions: sign-up does the same steps for every address), and the owner
 * hears of it. Like the confirmation mail it repeats nothing the sender wrote but the address.
 */
export function existingAccountEmail({ to }: { to: string }, site: Site): OutgoingEmail {
  const mail = renderMail({
    siteName: site.siteName,
    heading: "Du har redan ett konto",
    paragraphs: [`Någon, förhoppningsvis du, försökte just skapa ett konto på ${site.siteName} med e-postadressen ${to}. Adressen har redan ett konto, så inget nytt skapades.`],
    action: { label: "Logga in", url: `${site.siteUrl}/auth` },
    after: [
      `Har du glömt lösenordet kan du välja ett nytt: ${site.siteUrl}/auth/forgot-password`,
      "Var det inte du kan du bortse från mejlet: ditt konto är oförändrat.",
    ],
    footer: `${site.siteName} – ${site.siteUrl}`,
  });
  return { kind: "existing-account", to, subject: `Du har redan ett konto – ${site.siteName}`, ...mail };
}

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
