// Where a page of a public list ends, carried in the URL (?after=) so the
// next page starts there instead of counting rows from the top (decision note
// 0010). It is the last row's sort value as text and its ACE name, joined by
// "_": neither an ACE name, a date, a number, a timestamp nor a domain name
// contains one, and URLs keep it readable ("2030-01-03_alfa.se").
//
// Anyone can edit a URL, so decoding trusts nothing: text that is not a
// cursor gives null, and the list shows its first page.

export type ListCursor = {
  /** The last row's sort value as the database wrote it; null when that row has none (a missing release date). */
  value: string | null;
  /** The last row's ACE name, which breaks ties so the position is exact. */
  name: string;
};

/** Longer text is not a cursor (a domain name is at most 253 characters; a cursor holds two). */
export const MAX_CURSOR_LENGTH = 600;

const SEPARATOR = "_";
const ACE_NAME = /^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63})*$/;
// Control characters (PostgreSQL refuses NUL in text) and unpaired surrogates (not UTF-8).
const UNSENDABLE = /[\p{Cc}\p{Cs}]/u;

export function encodeListCursor(cursor: ListCursor): string {
  return `${cursor.value ?? ""}${SEPARATOR}${cursor.name}`;
}

/** The cursor in `text`, or null when it is not one. The value is checked further by the list's order (see ListOrder). */
export function decodeListCursor(text: string | null | undefined): ListCursor | null {
  if (!text || text.length > MAX_CURSOR_LENGTH) return null;
  const at = text.lastIndexOf(SEPARATOR);
  if (at < 0) return null;
  const value = text.slice(0, at);
  const name = text.slice(at + 1);
  if (name.length > 253 || !ACE_NAME.test(name) || UNSENDABLE.test(value)) return null;
  return { value: value === "" ? null : value, name };
}
