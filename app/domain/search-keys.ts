// The keys of the substring search (decision note 0014). Every pair of
// neighbouring characters of a name ("hund.se": hu, un, nd, d., .s, se) is one
// integer, tagged with the length of the name's first label:
//
//     key = labelLength × 65536 + code(first) × 256 + code(second)
//
// A name of length L that contains a term holds every pair of the term tagged
// with L, so "names of length 4 containing hun" is one lookup in a GIN index
// over these integers (domains.search_keys), and so is "names of any length"
// (a pair tagged with each length). The lookup may return names holding the
// pairs in other places ("hu…un"); the caller checks the real substring.
//
// A character's code is its code point when under 256 (a–z, digits, "-",
// ".", å, ä, ö, é, ü …) and 0 otherwise: rarer letters share one code, which
// only widens a lookup, never misses a name. No name or search term holds
// U+0000, so for a term of two such characters the lookup alone is exact.
//
// The database keeps the same function, domain_search_keys() (migration
// 0012), for rows written without keys; a test checks both agree.

const LENGTH_FACTOR = 65_536;
/** The longest first label a .se/.nu name can have (keys hold lengths 1–63). */
export const MAX_LABEL_LENGTH = 63;

function characterCode(character: string): number {
  const codePoint = character.codePointAt(0)!;
  return codePoint < 256 ? codePoint : 0;
}

/** The pairs of neighbouring characters of `text` as codes (without a length), each once, in order of appearance. */
export function pairCodes(text: string): number[] {
  const characters = [...text];
  const codes = new Set<number>();
  for (let index = 0; index + 1 < characters.length; index++) {
    codes.add(characterCode(characters[index]) * 256 + characterCode(characters[index + 1]));
  }
  return [...codes];
}

/** `pairs` tagged with one label length: the keys a name of that length holds if it contains them. */
export function keysAtLength(pairs: readonly number[], labelLength: number): number[] {
  return pairs.map((pair) => labelLength * LENGTH_FACTOR + pair);
}

/**
 * A name's keys, ascending and each once: the pairs of its Unicode form and,
 * for an internationalised name, of its ACE form (a pasted "xn--…" finds it
 * too), tagged with the length of its first label in Unicode characters.
 * An import computes this for every name, so it reads code points in place
 * and sorts numbers instead of building sets of characters.
 */
export function nameSearchKeys(unicodeName: string, aceName: string, labelLength: number): number[] {
  const keys: number[] = [];
  const tag = labelLength * LENGTH_FACTOR;
  pushPairKeys(unicodeName, tag, keys);
  if (aceName !== unicodeName) pushPairKeys(aceName, tag, keys);
  return keys;
}

/**
 * Adds `tag` + the code of every pair of neighbouring characters (code
 * points, as pairCodes reads them) to the ascending `keys`, each once. A name
 * has a few dozen pairs at most: inserting in place beats sorting afterwards.
 */
function pushPairKeys(text: string, tag: number, keys: number[]): void {
  let previous = -1;
  for (let index = 0; index < text.length;) {
    const codePoint = text.codePointAt(index)!;
    index += codePoint > 0xffff ? 2 : 1;
    const code = codePoint < 256 ? codePoint : 0;
    if (previous !== -1) insertOnce(keys, tag + previous * 256 + code);
    previous = code;
  }
}

function insertOnce(sorted: number[], key: number): void {
  let at = sorted.length;
  while (at > 0 && sorted[at - 1] > key) at--;
  if (at > 0 && sorted[at - 1] === key) return;
  sorted.splice(at, 0, key);
}
