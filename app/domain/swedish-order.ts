// Swedish alphabetical order of domain names, the way a Swedish dictionary
// (SAOL) orders words: a–z, then å, ä, ö; accented letters sort with their
// base letter (é with e, ç with c), ü and ű with y, æ with ä, ø, œ and ő with
// ö; ß counts as "ss" and þ as "th". Decision note 0010.
//
// The database cannot do this with a collation (PGlite has no ICU), so the
// order is a sort key compared byte-wise (collate "C"): the database function
// swedish_sort_key() in migration 0008 builds the same key from this table,
// and a test checks that both give the same key and the same order.
//
// Names are stored in lower case, so only lower-case letters are mapped.
// Within a name: the end of the label first, then a hyphen, then digits, then
// letters ("bil.se" < "bil-tvätt.se" < "bil24.se" < "bila.se"): the label
// ends in a space in the key, a hyphen stays a hyphen (below the digits),
// and digits stay digits, compared one character at a time ("10" < "9").
// Characters the table does not name keep their own code point, after ö.

/**
 * What the key writes for each character it rewrites, and which characters
 * those are. Å, Ä and Ö become the three ASCII characters right after "z"
 * ("{", "|", "}"), so they sort after every a–z.
 */
const REWRITES: Record<string, string> = {
  "{": "å",
  "|": "äæ",
  "}": "öøœő",
  a: "àáâãāăą",
  c: "çćč",
  d: "ďđð",
  e: "èéêëēėęě",
  g: "ğģ",
  i: "ìíîïīįı",
  k: "ķ",
  l: "ĺļľł",
  n: "ñńņňŋ",
  o: "òóôõō",
  r: "ŕř",
  s: "śšşș",
  t: "ťţțŧ",
  u: "ùúûūůų",
  y: "üűýÿ",
  z: "źżž",
  ss: "ß",
  th: "þ",
  // The dot before the TLD: a name sorts before its longer relatives.
  " ": ".",
};

const KEY_OF: Record<string, string> = Object.fromEntries(
  Object.entries(REWRITES).flatMap(([written, characters]) => [...characters].map((character) => [character, written])),
);

/** Every character the key rewrites, with what it becomes (the database function is tested against this). */
export const SWEDISH_SORT_KEY_TABLE: Readonly<Record<string, string>> = KEY_OF;

/** The sort key of a Unicode domain name; compare keys by code point (as PostgreSQL's "C" collation does). */
export function swedishSortKey(unicodeName: string): string {
  let key = "";
  for (const char of unicodeName) key += KEY_OF[char] ?? char;
  return key;
}

/**
 * Code point order, which is UTF-8 byte order and so PostgreSQL's "C"
 * collation. JavaScript's `<` compares UTF-16 units instead, which puts
 * characters beyond U+FFFF before U+E000–U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const x = left.next();
    const y = right.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const difference = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
}

/**
 * Swedish name order for lists: the sort key, then the ACE name (unique), so
 * equal keys ("cafe.se", "café.se") still have one fixed order and a page
 * boundary never falls between two rows that could swap.
 */
export function compareSwedishNames(a: { unicodeName: string; name: string }, b: { unicodeName: string; name: string }): number {
  return compareCodePoints(swedishSortKey(a.unicodeName), swedishSortKey(b.unicodeName)) || compareCodePoints(a.name, b.name);
}
