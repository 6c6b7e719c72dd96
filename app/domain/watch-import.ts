// Watching names in bulk (docs/product.md, "Watching names in bulk"): a pasted or uploaded
// list read into the names it holds and every line that cannot be taken, each with its
// line number and a Swedish reason; then, against the account, what will be added.
import punycode from "punycode/punycode.es6.js";
import { countNounSv, formatNumberSv } from "./format";
import { ACE_PREFIX, isSupportedTld, parseDomainName } from "./names";
import { readImportRows } from "./watch-import-lines";

/** The page that takes a list (app/routes.ts). */
export const WATCH_IMPORT_PATH = "/account/watches/import";

/** Lines a list may have (header and empty lines included): twice what an account may watch. */
export const WATCH_IMPORT_MAX_LINES = 2000;
/** Bytes a list may have (UTF-8): room for 2,000 lines of long names, or the account's own CSV download of 1,000. */
export const WATCH_IMPORT_MAX_BYTES = 512 * 1024;
/** A refused line's text is shown cut to this many characters. */
export const SHOWN_LINE_LENGTH = 60;

export type RefusalKind = "empty" | "spaces" | "no-tld" | "other-tld" | "subdomain" | "too-long" | "invalid" | "duplicate" | "over-limit";

export type RefusedLine = { line: number; text: string; kind: RefusalKind; reason: string };

/** A name the list holds, with the line it is on. */
export type ImportName = { line: number; ace: string; unicode: string };

export type WatchImportList =
  | { ok: true; format: "text" | "csv"; names: ImportName[]; refused: RefusedLine[] }
  | { ok: false; error: string };

/** An uploaded file over WATCH_IMPORT_MAX_BYTES: said by the server, and by the form as soon as the file is chosen. */
export const FILE_TOO_LARGE_MESSAGE = "Filen är för stor. Högst 512 kB åt gången – dela upp listan.";

export const EMPTY_IMPORT_MESSAGE = "Klistra in en lista eller välj en fil med en domän per rad.";

/**
 * Reads a watch list. Refused: a whole list over the caps (nothing is read then), and
 * line by line every line without a valid .se/.nu name, and a name already on an earlier
 * line (in either IDN form). Empty lines at the end are not reported; empty lines among
 * the names are. A CSV's header row is neither a name nor refused.
 */
export function parseWatchImport(input: string): WatchImportList {
  const bytes = new TextEncoder().encode(input).length;
  if (bytes > WATCH_IMPORT_MAX_BYTES) {
    return { ok: false, error: `Listan är för stor (${formatNumberSv(Math.ceil(bytes / 1024))} kB). Högst 512 kB åt gången – dela upp den.` };
  }
  const { format, rows, header } = readImportRows(input);
  const lineCount = rows.length + (header ? 1 : 0);
  if (lineCount > WATCH_IMPORT_MAX_LINES) {
    return { ok: false, error: `Listan har ${formatNumberSv(lineCount)} rader. Högst ${formatNumberSv(WATCH_IMPORT_MAX_LINES)} åt gången – dela upp den.` };
  }
  if (rows.every((row) => row.text.trim() === "")) return { ok: false, error: EMPTY_IMPORT_MESSAGE };

  const names: ImportName[] = [];
  const refused: RefusedLine[] = [];
  const firstLineOf = new Map<string, ImportName>();
  for (const row of rows) {
    const text = shortenLine(row.text);
    const checked = row.text.trim() === "" ? refusal("empty", "Tom rad") : checkWatchName(row.cell);
    if (!checked.ok) {
      refused.push({ line: row.line, text, kind: checked.kind, reason: checked.reason });
      continue;
    }
    const earlier = firstLineOf.get(checked.ace);
    if (earlier) {
      const written = row.cell.trim().toLowerCase() === earlier.unicode ? "" : ` (${earlier.unicode})`;
      refused.push({ line: row.line, text, kind: "duplicate", reason: `Samma domän som rad ${earlier.line}${written}` });
      continue;
    }
    const name = { line: row.line, ace: checked.ace, unicode: checked.unicode };
    firstLineOf.set(checked.ace, name);
    names.push(name);
  }
  return { ok: true, format, names, refused };
}

type Checked = { ok: true; ace: string; unicode: string } | { ok: false; kind: RefusalKind; reason: string };

/** One cell's name, or why it is none: the first reason that holds, in the order a person would fix them. */
export function checkWatchName(cell: string): Checked {
  const value = cell.trim();
  if (value === "") return refusal("empty", "Ingen domän på raden");
  if (/\s/u.test(value)) return refusal("spaces", "Innehåller mellanslag");
  const name = value.endsWith(".") ? value.slice(0, -1) : value;
  const dot = name.lastIndexOf(".");
  if (dot === -1) return refusal("no-tld", "Saknar toppdomän: skriv hela namnet, med .se eller .nu");
  const tld = name.slice(dot).toLowerCase();
  if (!isSupportedTld(tld)) return refusal("other-tld", `Fel toppdomän (${shortenLine(tld, 20)}): bara .se och .nu kan bevakas`);
  const parsed = parseDomainName(value);
  if (parsed.ok) return { ok: true, ace: parsed.ace, unicode: parsed.unicode };
  const label = name.slice(0, dot);
  if (label.includes(".")) return refusal("subdomain", "En underdomän: bara namn direkt under .se eller .nu kan bevakas");
  const aceLength = aceLengthOf(label.toLowerCase());
  if (aceLength > 63) {
    const form = /^[\p{ASCII}]*$/u.test(label) ? "" : " i xn--formen";
    return refusal("too-long", `För långt: ${aceLength} tecken${form} före toppdomänen, högst 63`);
  }
  return refusal("invalid", "Ogiltiga tecken: bara bokstäver, siffror och bindestreck (inte först eller sist)");
}

export type WatchImportPlan = {
  toAdd: ImportName[];
  /** Names the account watches already: shown, neither added again nor counted against the limit. */
  alreadyWatched: ImportName[];
  /** The list's refused lines and the names past the limit, in line order. */
  refused: RefusedLine[];
};

/**
 * What saving the list does to an account that watches `watched` (a subset is enough: the
 * list's names it watches) and `watchCount` names in all: names it does not watch are added
 * in list order while they fit under `limit`; the rest are refused as over the limit.
 */
export function planWatchImport(
  list: { names: ImportName[]; refused: RefusedLine[] },
  watched: ReadonlySet<string>,
  watchCount: number,
  limit: number,
): WatchImportPlan {
  const room = Math.max(0, limit - watchCount);
  const toAdd: ImportName[] = [];
  const alreadyWatched: ImportName[] = [];
  const overLimit: RefusedLine[] = [];
  for (const name of list.names) {
    if (watched.has(name.ace)) alreadyWatched.push(name);
    else if (toAdd.length < room) toAdd.push(name);
    else overLimit.push({ line: name.line, text: shortenLine(name.unicode), kind: "over-limit", reason: overLimitReason(limit) });
  }
  const refused = [...list.refused, ...overLimit].sort((a, b) => a.line - b.line);
  return { toAdd, alreadyWatched, refused };
}

export function overLimitReason(limit: number) {
  return `Ryms inte: ett konto kan bevaka högst ${formatNumberSv(limit)} domäner`;
}

/** The toast after a save: how many were added, and what was left. */
export function watchImportSavedToast(plan: { added: number; alreadyWatched: number; refused: number }) {
  const rest = [
    plan.alreadyWatched ? `${countNounSv(plan.alreadyWatched, { one: "domän", many: "domäner" })} bevakades redan.` : "",
    plan.refused ? `${countNounSv(plan.refused, { one: "rad", many: "rader" })} togs inte med.` : "",
  ].filter(Boolean);
  return {
    title: plan.added === 1 ? "1 domän bevakas nu" : `${formatNumberSv(plan.added)} domäner bevakas nu`,
    description: rest.length ? rest.join(" ") : "De finns under Mina bokmärken.",
  };
}

/** "xn--" and a name as shown where the two forms differ: "räksmörgås.se (xn--rksmrgs-5wao1o.se)". */
export function bothForms(name: { ace: string; unicode: string }) {
  return name.ace === name.unicode ? name.unicode : `${name.unicode} (${name.ace})`;
}

function refusal(kind: RefusalKind, reason: string): Checked {
  return { ok: false, kind, reason };
}

function shortenLine(text: string, length = SHOWN_LINE_LENGTH) {
  const points = [...text.trim()];
  return points.length <= length ? points.join("") : `${points.slice(0, length - 1).join("")}…`;
}

function aceLengthOf(label: string) {
  if (/^[\p{ASCII}]*$/u.test(label)) return label.length;
  try {
    return ACE_PREFIX.length + punycode.encode(label).length;
  } catch {
    return label.length;
  }
}
