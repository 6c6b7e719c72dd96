/**
 * The one definition of a name's score: an integer from 0 to 100, computed
 * from the first label in Unicode form (the TLD does not count). Scores are
 * stored, so any change to the model must bump SCORE_MODEL_VERSION and rescore.
 *
 *   part              points  rule
 *   length            0–30    1–4 characters 30, then linearly down to 0 at 21+
 *                             (scaled by pronounceability, see below)
 *   characters        0–20    letters only 20; digits among letters −10;
 *                             −6 per hyphen (at most −12); digits only: 10
 *   words             0–25    one Swedish word 25, two joined words 18,
 *                             three 10 (hyphens ignored; 0 without a word list)
 *   pronounceability  0–20    starts at 20; no vowel at all: 0; longest
 *                             consonant run 3: −3, 4: −8, 5+: −14; a run of
 *                             3+ vowels −4; a letter three times in a row −4;
 *                             under 20 % vowels −6, over 75 % −3; little
 *                             vowel/consonant alternation −4; digits only: 10
 *   å, ä, ö           0–5     any of them: 5 (the audience is Swedish)
 *
 * Length counts for less when a name cannot be said: it is multiplied by
 * 0.5 + 0.5 × pronounceability / 20, so "xqzv" is short but not "Utmärkt".
 * The sum is capped at 100 and rounded. A label with anything but letters,
 * digits and hyphens scores 0. An ACE ("xn--") name is decoded first.
 *
 * The word list is injected so the browser never loads the 150 000-word
 * dictionary; the server passes loadSwedishWords().
 */
import { ACE_PREFIX, toUnicode } from "./names";

export const SCORE_MODEL_VERSION = 1;

export type WordList = { has(word: string): boolean };

const LENGTH_POINTS = 30;
const BEST_MAX_LENGTH = 4;
const ZERO_LENGTH_FROM = 21;
const CHARACTER_POINTS = 20;
const DIGIT_PENALTY = 10;
const HYPHEN_PENALTY = 6;
const MAX_HYPHEN_PENALTY = 12;
const DIGITS_ONLY_CHARACTER_POINTS = 10;
const WORD_POINTS_BY_PARTS = [0, 25, 18, 10] as const;
const PRONOUNCEABILITY_POINTS = 20;
const DIGITS_ONLY_PRONOUNCEABILITY = 10;
const SWEDISH_LETTER_POINTS = 5;
const MIN_WORD_PART_LENGTH = 2;

const VOWELS = new Set("aeiouyåäöéèêëáàâüúùíìóòôæø");
const SWEDISH_LETTERS = /[åäö]/;
const LETTER = /\p{L}/u;
const COMBINING_MARK = /\p{M}/u;
const ASCII = /^\p{ASCII}*$/u;
const SURROGATE = /[\ud800-\udfff]/;
const ALLOWED_LABEL = /^[\p{L}\p{M}\p{N}-]+$/u;

export function scoreName(unicodeName: string, words?: WordList): number {
  const label = firstLabel(unicodeName.trim());
  if (label === "" || !ALLOWED_LABEL.test(label)) return 0;

  const digitsOnly = /^\p{N}+$/u.test(label);
  const pronounceability = digitsOnly ? DIGITS_ONLY_PRONOUNCEABILITY : pronounceabilityPoints(label);
  const length = lengthPoints(codePointCount(label)) * (0.5 + (0.5 * pronounceability) / PRONOUNCEABILITY_POINTS);
  const characters = digitsOnly ? DIGITS_ONLY_CHARACTER_POINTS : characterPoints(label);
  const wordParts = words ? fewestWordParts(label, words) : 0;
  const swedish = SWEDISH_LETTERS.test(label) ? SWEDISH_LETTER_POINTS : 0;

  const total = length + characters + WORD_POINTS_BY_PARTS[wordParts] + pronounceability + swedish;
  return Math.round(Math.min(100, Math.max(0, total)));
}

/**
 * The first label in Unicode form, NFC, lower case. A name without "xn--" is its own
 * Unicode form (lower-cased): the common case of an import, which skips
 * splitting and joining every label. An all-ASCII label is already NFC.
 */
export function firstLabel(name: string): string {
  const lower = name.toLowerCase();
  const unicode = lower.includes(ACE_PREFIX) ? toUnicode(lower) : lower;
  const dot = unicode.indexOf(".");
  const label = dot === -1 ? unicode : unicode.slice(0, dot);
  return ASCII.test(label) ? label : label.normalize("NFC");
}

function codePointCount(text: string): number {
  // Counting as [...text] does (a lone surrogate counts alone), without building the array.
  let count = 0;
  for (const _character of text) count++;
  return count;
}

function lengthPoints(length: number): number {
  if (length <= BEST_MAX_LENGTH) return LENGTH_POINTS;
  if (length >= ZERO_LENGTH_FROM) return 0;
  return (LENGTH_POINTS * (ZERO_LENGTH_FROM - length)) / (ZERO_LENGTH_FROM - BEST_MAX_LENGTH);
}

function characterPoints(label: string): number {
  let hyphens = 0;
  for (let index = label.indexOf("-"); index !== -1; index = label.indexOf("-", index + 1)) hyphens++;
  const digitPenalty = /\p{N}/u.test(label) ? DIGIT_PENALTY : 0;
  return Math.max(0, CHARACTER_POINTS - digitPenalty - Math.min(MAX_HYPHEN_PENALTY, hyphens * HYPHEN_PENALTY));
}

/**
 * 1, 2 or 3 when the letters (hyphens dropped) are that many dictionary
 * words joined, else 0. Only up to three parts: "solros" is a find, a
 * string of many two-letter words is not. Prefixes are checked first, which
 * keeps this to a few lookups per name when scoring a 500 000-name import.
 */
export function fewestWordParts(label: string, words: WordList): number {
  const letters = label.replaceAll("-", "");
  if (!/^\p{L}+$/u.test(letters)) return 0;
  // Slicing the string itself is slicing its characters unless one of them is a surrogate pair.
  const chars = SURROGATE.test(letters) ? [...letters] : null;
  const characterCount = chars ? chars.length : letters.length;
  const part = chars
    ? (from: number, to?: number) => chars.slice(from, to).join("")
    : (from: number, to?: number) => letters.slice(from, to);
  if (words.has(letters)) return 1;

  const min = MIN_WORD_PART_LENGTH;
  let fewest = 0;
  for (let i = min; i <= characterCount - min; i++) {
    if (!words.has(part(0, i))) continue;
    if (words.has(part(i))) return 2;
    if (fewest === 3) continue;
    for (let j = i + min; j <= characterCount - min; j++) {
      if (words.has(part(i, j)) && words.has(part(j))) {
        fewest = 3;
        break;
      }
    }
  }
  return fewest;
}

function pronounceabilityPoints(label: string): number {
  // Digits and hyphens split the letters into runs that are said separately; a combining mark stays
  // in its run but is not a letter. One pass over the characters, compared as code points.
  let letters = 0;
  let vowelCount = 0;
  let longestConsonantRun = 0;
  let longestVowelRun = 0;
  let tripled = false;
  let pairs = 0;
  let alternations = 0;
  let runLetters = 0;
  let consonants = 0;
  let vowels = 0;
  let previous = -1;
  let beforePrevious = -1;
  let previousIsVowel = false;
  for (let index = 0; index < label.length;) {
    const codePoint = label.codePointAt(index)!;
    index += codePoint > 0xffff ? 2 : 1;
    const kind = characterKind(codePoint);
    if (kind === MARK) continue;
    if (kind === OTHER) {
      runLetters = 0;
      consonants = 0;
      vowels = 0;
      continue;
    }
    const vowel = kind === VOWEL;
    letters++;
    if (vowel) {
      vowelCount++;
      vowels++;
      consonants = 0;
    } else {
      consonants++;
      vowels = 0;
    }
    longestConsonantRun = Math.max(longestConsonantRun, consonants);
    longestVowelRun = Math.max(longestVowelRun, vowels);
    if (runLetters >= 2 && codePoint === previous && codePoint === beforePrevious) tripled = true;
    if (runLetters >= 1) {
      pairs++;
      if (vowel !== previousIsVowel) alternations++;
    }
    beforePrevious = runLetters >= 1 ? previous : -1;
    previous = codePoint;
    previousIsVowel = vowel;
    runLetters++;
  }
  if (vowelCount === 0) return 0;

  let points = PRONOUNCEABILITY_POINTS;
  if (longestConsonantRun >= 5) points -= 14;
  else if (longestConsonantRun === 4) points -= 8;
  else if (longestConsonantRun === 3) points -= 3;
  if (longestVowelRun >= 3) points -= 4;
  if (tripled) points -= 4;
  const vowelShare = vowelCount / letters;
  if (vowelShare < 0.2) points -= 6;
  else if (vowelShare > 0.75 && letters >= 4) points -= 3;
  if (pairs >= 3 && alternations / pairs < 0.4) points -= 4;
  return Math.max(0, points);
}

const VOWEL = 0;
const CONSONANT = 1;
const MARK = 2;
const OTHER = 3;

/** Vowel or consonant (a letter), combining mark, or anything else (digit, hyphen: ends a run). */
function characterKind(codePoint: number): number {
  if (codePoint < 0x80) {
    const lower = codePoint | 0x20;
    if (lower < 0x61 || lower > 0x7a) return OTHER;
    return VOWELS.has(String.fromCharCode(codePoint)) ? VOWEL : CONSONANT;
  }
  const character = String.fromCodePoint(codePoint);
  if (LETTER.test(character)) return VOWELS.has(character) ? VOWEL : CONSONANT;
  return COMBINING_MARK.test(character) ? MARK : OTHER;
}
