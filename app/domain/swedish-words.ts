/**
 * Whether a name is, or contains, a Swedish word: the public lists' "Svenska
 * ord" filter (docs/product.md, "Filters"). The test needs the 150 000-word
 * dictionary, which SQL cannot read, so every writer stores the answer in
 * domains.word_class and the filter compares that column.
 *
 *   WORD_CLASS.isWord        the label's letters (hyphens dropped) are one
 *                            dictionary word: the score's "one word" rule
 *   WORD_CLASS.containsWord  the label holds a dictionary word of at least
 *                            MIN_CONTAINED_WORD_LENGTH letters (hyphens dropped,
 *                            so "sol-ros" holds "solros"), or its letters are
 *                            two or three words joined, as the score counts
 *                            them ("ekek")
 *   WORD_CLASS.none          neither
 *
 * A name that is a word also contains one: "contains" selects both classes.
 * Two-letter words count only as a whole name or as parts of one: nearly every
 * name holds some two-letter word ("en", "ek", "ös").
 */
import { fewestWordParts, firstLabel, type WordList } from "./score";

export const WORD_CLASS = { none: 0, containsWord: 1, isWord: 2 } as const;
export type WordClass = (typeof WORD_CLASS)[keyof typeof WORD_CLASS];

export const MIN_CONTAINED_WORD_LENGTH = 3;

/**
 * A word list prepared for the "contains a word" test. Any word of three or
 * more letters holds a shortest one (a word with no shorter such word inside:
 * "hundkoja" holds "hund", which holds none), so a label holds a word exactly
 * when it holds one of those few thousand. Their prefixes let the test stop
 * at the first characters that start none of them: about one lookup per
 * character of a name instead of one per substring.
 */
export type WordIndex = {
  words: WordList;
  /** Every prefix of MIN_CONTAINED_WORD_LENGTH or more letters of a shortest contained word, the word itself included. */
  containedWordPrefixes: ReadonlySet<string>;
  /**
   * The same prefixes' first three letters as set bits (trigramKey): most start positions of a
   * name begin no word, and this answers that without building a string.
   */
  startingTrigrams: Uint8Array;
};

/** Prepares `words` for wordClassOf; the server does it once per process (loadSwedishWordIndex). */
export function indexWords(words: Iterable<string> & WordList): WordIndex {
  const prefixes = new Set<string>();
  const trigrams = new Uint8Array(TRIGRAM_KEYS);
  const index: WordIndex = { words, containedWordPrefixes: prefixes, startingTrigrams: trigrams };
  const candidates = [...words].filter((word) => word.length >= MIN_CONTAINED_WORD_LENGTH).sort((a, b) => a.length - b.length);
  // Shortest first: a word is a shortest one unless it holds one already indexed, which is then shorter.
  for (const word of candidates) {
    if (findContainedWord(word, index)) continue;
    for (let end = MIN_CONTAINED_WORD_LENGTH; end <= word.length; end++) prefixes.add(word.slice(0, end));
    trigrams[trigramKey(word, 0)] = 1;
  }
  return index;
}

/** The WORD_CLASS of a name's first label (Unicode or ACE form; the TLD does not count). */
export function wordClassOf(name: string, index: WordIndex): WordClass {
  const label = firstLabel(name.trim());
  const letters = label.replaceAll("-", "");
  // The dictionary holds letters only (readStems): a label with a digit is no word of it.
  if (index.words.has(letters)) return WORD_CLASS.isWord;
  if (findContainedWord(letters, index)) return WORD_CLASS.containsWord;
  // Joined words without one of three letters are two-letter words: four or six letters in all.
  if ((letters.length === 4 || letters.length === 6) && fewestWordParts(letters, index.words) > 0) return WORD_CLASS.containsWord;
  return WORD_CLASS.none;
}

/** Whether `text` holds an indexed shortest word: from each start, extend while the characters begin one. */
function findContainedWord(text: string, index: WordIndex): boolean {
  const { words, containedWordPrefixes, startingTrigrams } = index;
  for (let start = 0; start + MIN_CONTAINED_WORD_LENGTH <= text.length; start++) {
    if (startingTrigrams[trigramKey(text, start)] === 0) continue;
    for (let end = start + MIN_CONTAINED_WORD_LENGTH; end <= text.length; end++) {
      const part = text.slice(start, end);
      if (!containedWordPrefixes.has(part)) break;
      if (words.has(part)) return true;
    }
  }
  return false;
}

/** The dictionary's letters (readStems: a–z, å, ä, ö, é, ü) as 1–31; 0 for anything else, which no word holds. */
const LETTER_CODES = new Uint8Array(0x100);
[..."abcdefghijklmnopqrstuvwxyzåäöéü"].forEach((letter, position) => (LETTER_CODES[letter.charCodeAt(0)] = position + 1));
const TRIGRAM_KEYS = 32 * 32 * 32;

/** The three characters from `start` as one number below TRIGRAM_KEYS; 0 when one of them is not a dictionary letter. */
function trigramKey(text: string, start: number): number {
  const first = letterCode(text.charCodeAt(start));
  const second = letterCode(text.charCodeAt(start + 1));
  const third = letterCode(text.charCodeAt(start + 2));
  return first === 0 || second === 0 || third === 0 ? 0 : (first << 10) | (second << 5) | third;
}

function letterCode(unit: number): number {
  return unit < 0x100 ? LETTER_CODES[unit] : 0;
}
