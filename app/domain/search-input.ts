// The search box (docs/product.md, "Searching names") and the one normalisation every search
// function applies to its term, so the box and the server agree on what
// "at least 2 characters" means.
import { parseDomainName } from "./names";

export const MIN_SEARCH_LENGTH = 2;
/** Longer terms are cut: nothing we list is longer, and it bounds the query. */
export const MAX_SEARCH_LENGTH = 100;

export const INVALID_DOMAIN_MESSAGE = "Ogiltig domän. Försök igen.";
export const UNSUPPORTED_TLD_MESSAGE = "Vi stöder endast .se- och .nu-domäner.";
export const SEARCH_TOO_SHORT_MESSAGE = "Söktermen måste vara minst 2 tecken.";

export type SearchInput =
  | { kind: "ignore" }
  /** Go to /d/{name}; the name is the Unicode form, lower case. */
  | { kind: "domain"; name: string }
  /** Go to /search/{term}. */
  | { kind: "term"; term: string }
  | { kind: "error"; message: string };

export function validateSearchInput(raw: string): SearchInput {
  const input = raw.trim().toLowerCase();
  if (input === "") return { kind: "ignore" };

  if (input.includes(".")) {
    const parsed = parseDomainName(input);
    if (parsed.ok) return { kind: "domain", name: parsed.unicode };
    if (parsed.reason === "unsupported-tld") return { kind: "error", message: UNSUPPORTED_TLD_MESSAGE };
    return { kind: "error", message: INVALID_DOMAIN_MESSAGE };
  }

  const term = normalizeSearchTerm(input);
  return term === null ? { kind: "error", message: SEARCH_TOO_SHORT_MESSAGE } : { kind: "term", term };
}

/**
 * Trimmed, lower case, NFC, invisible format characters removed, control
 * characters and runs of whitespace turned into single spaces, at most 100
 * characters; null when under 2 characters. NFC because macOS keyboards may
 * send "ö" as o + combining diaeresis, which would never match stored names.
 */
export function normalizeSearchTerm(raw: string): string | null {
  const cleaned = raw
    // An unpaired surrogate is not text; as U+FFFD it cannot break the query's UTF-8.
    .toWellFormed()
    .normalize("NFC")
    .toLowerCase()
    .replace(/\p{Cf}+/gu, "")
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
  // 100 code points fit in 200 UTF-16 units: no need to split a long paste.
  const codePoints = [...cleaned.slice(0, MAX_SEARCH_LENGTH * 2)];
  if (codePoints.length < MIN_SEARCH_LENGTH) return null;
  return codePoints.slice(0, MAX_SEARCH_LENGTH).join("").trimEnd();
}
