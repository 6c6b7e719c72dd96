import { describe, expect, it } from "vitest";
import { escapeText, foldLine, renderCalendar } from "./render-calendar.server";

const site = { siteName: "Snart lediga", siteUrl: "https://snartlediga.se/" };
const now = new Date("2026-01-10T12:34:56.789Z");

/** Unfolds RFC 5545 content lines and splits them into name/params and value. */
function parse(ics: string) {
  expect(ics.endsWith("\r\n")).toBe(true);
  // Every line break is CRLF: no bare LF or CR anywhere.
  expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const physical = ics.slice(0, -2).split("\r\n");
  for (const line of physical) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const logical = ics.slice(0, -2).replace(/\r\n /g, "").split("\r\n");
  return logical.map((line) => {
    const colon = line.indexOf(":");
    return { name: line.slice(0, colon), value: line.slice(colon + 1) };
  });
}

function unescape(value: string) {
  return value.replace(/\\n/g, "\n").replace(/\\([,;\\])/g, "$1");
}

describe("renderCalendar", () => {
  const ics = renderCalendar(
    [
      { name: "xn--rksmrgs-5wao1o.se", unicodeName: "räksmörgås.se", releaseDate: "2026-01-15" },
      { name: "hund.se", unicodeName: "hund.se", releaseDate: "2026-03-29" },
    ],
    site,
    now,
  );
  const lines = parse(ics);
  const values = (name: string) => lines.filter((line) => line.name === name).map((line) => line.value);

  it("is a VCALENDAR with one VEVENT per release", () => {
    expect(lines[0]).toEqual({ name: "BEGIN", value: "VCALENDAR" });
    expect(lines.at(-1)).toEqual({ name: "END", value: "VCALENDAR" });
    expect(values("VERSION")).toEqual(["2.0"]);
    expect(values("BEGIN").filter((value) => value === "VEVENT")).toHaveLength(2);
    expect(values("PRODID")[0]).toMatch(/^-\/\/Snart lediga\/\//);
  });

  it("starts each event at 04:00 UTC on the release date, in UTC form", () => {
    expect(values("DTSTART")).toEqual(["20260115T040000Z", "20260329T040000Z"]);
    expect(values("DTEND")).toEqual(["20260115T043000Z", "20260329T043000Z"]);
    expect(values("DTSTAMP")).toEqual(["20260110T123456Z", "20260110T123456Z"]);
  });

  it("has a stable UID per name, the summary and the domain page URL", () => {
    expect(values("UID")).toEqual(["xn--rksmrgs-5wao1o.se-2026-01-15@snartlediga.se", "hund.se-2026-03-29@snartlediga.se"]);
    expect(values("SUMMARY").map(unescape)).toEqual(["räksmörgås.se släpps", "hund.se släpps"]);
    expect(values("URL")).toEqual(["https://snartlediga.se/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se", "https://snartlediga.se/d/hund.se"]);
    const description = unescape(values("DESCRIPTION")[0]);
    expect(description).toContain("15 januari 2026 kl. 04:00 UTC");
    expect(description.split("\n")[1]).toBe("https://snartlediga.se/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se");
  });

  it("renders an empty calendar when nothing is soon available", () => {
    const empty = parse(renderCalendar([], site, now));
    expect(empty.some((line) => line.value === "VEVENT")).toBe(false);
  });
});

describe("escapeText", () => {
  it("escapes backslash, semicolon, comma and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });
});

describe("foldLine", () => {
  it("leaves short lines alone", () => {
    expect(foldLine("SUMMARY:kort")).toBe("SUMMARY:kort");
  });

  it("folds at 75 octets without splitting a multi-byte character", () => {
    const line = `SUMMARY:${"åäö".repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    // A character is never cut in half (no replacement characters after decoding).
    expect(folded).not.toContain("\uFFFD");
  });
});
