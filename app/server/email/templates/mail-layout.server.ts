import { escapeHtml } from "./escape-html.server";

export type MailRow = { label: string; value: string; multiline?: boolean };

/** A button to a page of ours, with the address written out for mail programs that show no buttons. */
export type MailAction = { label: string; url: string };

/**
 * The frame around every mail: heading, paragraphs, an optional button (with
 * its address) and paragraphs after it, an optional table of labelled values,
 * and the site's name. Every argument is plain text and is
 * escaped here, so a template cannot forget it. The sender's line breaks
 * survive through white-space: pre-wrap rather than inserted tags.
 */
export function renderMail(content: {
  siteName: string;
  heading: string;
  paragraphs: string[];
  action?: MailAction;
  after?: string[];
  rows?: MailRow[];
  footer?: string;
}) {
  const rows = content.rows ?? [];
  const after = content.after ?? [];
  const action = content.action;
  const html = [
    "<!doctype html>",
    '<html lang="sv"><head><meta charset="utf-8"></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">',
    `<h1 style="font-size:20px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    action ? renderAction(action) : "",
    ...after.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    rows.length > 0 ? `<table cellpadding="6" style="border-collapse:collapse">${rows.map(renderRow).join("")}</table>` : "",
    `<p style="color:#475569;font-size:13px">${escapeHtml(content.footer ?? content.siteName)}</p>`,
    "</body></html>",
  ].join("\n");

  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(action ? [`${action.label}:`, action.url, ""] : []),
    ...after.flatMap((paragraph) => [paragraph, ""]),
    ...rows.map((row) => (row.multiline ? `${row.label}:\n${row.value}\n` : `${row.label}: ${row.value}`)),
    rows.length > 0 ? "" : null,
    "-- ",
    content.footer ?? content.siteName,
  ]
    .filter((line) => line !== null)
    .join("\n");

  return { html, text };
}

function renderAction(action: MailAction) {
  const url = escapeHtml(action.url);
  return [
    `<p><a href="${url}" style="display:inline-block;background:#0b5cad;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
    `<p style="font-size:13px">Fungerar inte knappen? Kopiera länken till webbläsaren:<br>${url}</p>`,
  ].join("\n");
}

function renderRow(row: MailRow) {
  const value = escapeHtml(row.value);
  const shown = row.multiline ? `<div style="white-space:pre-wrap">${value}</div>` : value;
  return `<tr><th align="left" valign="top" style="padding-right:12px">${escapeHtml(row.label)}</th><td>${shown}</td></tr>`;
}
