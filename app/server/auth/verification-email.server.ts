import type { OutgoingEmail } from "../email/enqueue-email.server";
import { escapeHtml } from "../email/templates/escape-html.server";

type Site = { siteName: string; siteUrl: string };

/**
 * The sign-up confirmation mail. It goes to whatever address was typed, so it carries
 * nothing the person wrote except that address, and says what to do if it was not them.
 */
export function verificationEmail({ to, url }: { to: string; url: string }, site: Site): OutgoingEmail {
  const subject = `Bekräfta din e-postadress – ${site.siteName}`;
  const intro = `Välkommen till ${site.siteName}! Bekräfta din e-postadress ${to} för att aktivera ditt konto och kunna spara domäner i din bokmärkeslista.`;
  const expiry = "Länken gäller i 24 timmar. Har den gått ut kan du be om en ny på inloggningssidan.";
  const ignore = "Har du inte skapat något konto kan du bortse från det här mejlet.";

  const html = [
    "<!doctype html>",
    '<html lang="sv"><head><meta charset="utf-8"></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">',
    '<h1 style="font-size:20px">Bekräfta din e-postadress</h1>',
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0b5cad;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Bekräfta e-postadress</a></p>`,
    `<p style="font-size:13px">Fungerar inte knappen? Kopiera länken till webbläsaren:<br>${escapeHtml(url)}</p>`,
    `<p>${escapeHtml(expiry)}</p>`,
    `<p>${escapeHtml(ignore)}</p>`,
    `<p style="color:#475569;font-size:13px">${escapeHtml(`${site.siteName} – ${site.siteUrl}`)}</p>`,
    "</body></html>",
  ].join("\n");

  const text = [
    "Bekräfta din e-postadress",
    "",
    intro,
    "",
    "Öppna länken för att bekräfta:",
    url,
    "",
    expiry,
    "",
    ignore,
    "",
    "-- ",
    `${site.siteName} – ${site.siteUrl}`,
  ].join("\n");

  return { kind: "verify-email", to, subject, html, text };
}
