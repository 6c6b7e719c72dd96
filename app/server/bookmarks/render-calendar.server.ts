import { formatLongDateSv } from "~/domain/format";
import { releaseInstant } from "~/domain/release-instant";
import { isValidIsoDate } from "~/domain/utc-dates";

export type CalendarEvent = { name: string; unicodeName: string; releaseDate: string };
export type CalendarSite = { siteName: string; siteUrl: string };

/** Which calendar this is: the bookmarks' (the default) or a saved search's. */
export type CalendarIdentity = {
  /** After the site's name: "bevakade domäner". */
  title: string;
  description: string;
  /** Keeps the events of two calendars apart where an app merges them by UID: "" for the bookmarks. */
  uidTag: string;
};

const BOOKMARKS_CALENDAR: CalendarIdentity = {
  title: "bevakade domäner",
  description: "Släppdatum för domäner du bevakar. Domäner släpps tidigast kl. 04:00 UTC.",
  uidTag: "",
};

const CRLF = "\r\n";

/**
 * An iCalendar (RFC 5545) document with one event per bookmarked release, at 04:00
 * UTC on the release date: the reminder a calendar app shows. Lines end in CRLF,
 * are folded at 75 octets without splitting a character, and text is escaped.
 */
export function renderCalendar(events: CalendarEvent[], site: CalendarSite, now: Date, calendar: CalendarIdentity = BOOKMARKS_CALENDAR): string {
  const siteUrl = site.siteUrl.replace(/\/$/, "");
  const host = new URL(siteUrl).host;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(site.siteName)}//Bevakade domäner//SV`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(`${site.siteName} – ${calendar.title}`)}`,
    `X-WR-CALDESC:${escapeText(calendar.description)}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT6H",
    "X-PUBLISHED-TTL:PT6H",
  ];
  for (const event of events) {
    if (!isValidIsoDate(event.releaseDate)) continue;
    const start = releaseInstant(event.releaseDate);
    const url = `${siteUrl}/d/${encodeURIComponent(event.unicodeName)}`;
    lines.push(
      "BEGIN:VEVENT",
      // Stable per name and date: a calendar updates the event instead of duplicating it.
      `UID:${escapeText(`${event.name}-${event.releaseDate}${calendar.uidTag}@${host}`)}`,
      `DTSTAMP:${formatUtc(now)}`,
      `DTSTART:${formatUtc(start)}`,
      `DTEND:${formatUtc(new Date(start.getTime() + 30 * 60 * 1000))}`,
      `SUMMARY:${escapeText(`${event.unicodeName} släpps`)}`,
      `DESCRIPTION:${escapeText(
        `${event.unicodeName} kan bli ledig för registrering ${formatLongDateSv(event.releaseDate)} kl. 04:00 UTC. Ägaren kan förnya domänen fram till dess.\n${url}`,
      )}`,
      `URL:${url}`,
      "TRANSP:TRANSPARENT",
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      `DESCRIPTION:${escapeText(`${event.unicodeName} släpps`)}`,
      "TRIGGER:-PT15M",
      "END:VALARM",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** RFC 5545 TEXT: backslash, semicolon and comma escaped; line breaks as \n. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

/** 20260115T040000Z */
export function formatUtc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");
}

/** Folds a content line into chunks of at most 75 octets; continuation lines start with a space. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let currentBytes = 0;
  let limit = 75;
  for (const character of line) {
    const bytes = encoder.encode(character).length;
    if (currentBytes + bytes > limit) {
      parts.push(current);
      current = "";
      currentBytes = 0;
      limit = 74; // the leading space takes one octet
    }
    current += character;
    currentBytes += bytes;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}
