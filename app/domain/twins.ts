// Twins (docs/product.md, "Siblings and twins"): names whose first labels are
// the same once every accented letter is written as its base letter —
// räksmörgås.se, raksmorgas.se and räksmorgås.nu are twins. A name's sibling
// (the same label in the other TLD) is a twin too, but shown on its own.
//
// What .se and .nu take beside a–z, 0–9 and the hyphen (the registry's
// character tables): .se å, ä, ö, é and ü, the letters of the other Nordic
// languages and of the Swedish minority languages (Finnish, Meänkieli, Sami,
// Romani, Yiddish), over 240 characters; .nu å, ä, ö, é, ü and 32 letters of
// the Western European and Nordic languages. Rather than copy the tables, the
// fold works letter by letter for any letter: a letter with a canonical
// decomposition (é, å, ö, č, ŋ̈ …) loses its combining marks U+0300–U+036F;
// the Latin letters without one follow TWIN_LETTERS; letters of other scripts
// (the Hebrew of Yiddish) stay as they are. The database folds the same way,
// zone_twin_fold() (migration "zone-twin-fold"), and a test holds the two equal.
import { parseDomainName, SUPPORTED_TLDS, type Tld } from "./names";

/**
 * The Latin letters .se or .nu take that no decomposition folds, and their
 * base letters: ligatures become their two letters (æ → ae, œ → oe, ß → ss,
 * þ → th, as Nordic and German write them without the letter), barred and
 * hooked letters their letter without the bar (ø → o, đ → d, ł → l, ŧ → t,
 * ǥ → g, ħ → h; ð → d, ŋ → n, ʒ → z, ı → i, ŀ → l, ĸ → k).
 */
export const TWIN_LETTERS: Readonly<Record<string, string>> = {
  ð: "d",
  đ: "d",
  ø: "o",
  ł: "l",
  ŋ: "n",
  ŧ: "t",
  ħ: "h",
  ı: "i",
  ʒ: "z",
  ǥ: "g",
  ŀ: "l",
  ĸ: "k",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  þ: "th",
};

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** A label (Unicode form, lower case) with every accented letter folded to its base letter: "räksmörgås" → "raksmorgas". */
export function foldTwinLabel(label: string): string {
  let folded = "";
  for (const char of label.normalize("NFD").replace(COMBINING_MARKS, "")) folded += TWIN_LETTERS[char] ?? char;
  return folded.normalize("NFC");
}

/** The letters of a label that the fold changes, each once, in order: "räksmörgås" → ["ä", "ö", "å"]. */
export function foldedLettersOf(label: string): string[] {
  const letters: string[] = [];
  for (const char of label.normalize("NFC")) {
    if (foldTwinLabel(char) !== char && !letters.includes(char)) letters.push(char);
  }
  return letters;
}

/**
 * The plain twins of a name with accented letters: its folded label in both
 * TLDs, when that is a valid name of a–z, 0–9 and hyphens ("räksmörgås.se" →
 * raksmorgas.se and raksmorgas.nu). None for a plain name, which is its own
 * fold, or one whose fold keeps letters of another script.
 */
export function plainTwinsOf(label: string): { ace: string; unicode: string; tld: Tld }[] {
  const folded = foldTwinLabel(label);
  if (folded === label || !/^[a-z0-9-]+$/.test(folded)) return [];
  const twins: { ace: string; unicode: string; tld: Tld }[] = [];
  for (const tld of SUPPORTED_TLDS) {
    const parsed = parseDomainName(`${folded}${tld}`);
    if (parsed.ok) twins.push({ ace: parsed.ace, unicode: parsed.unicode, tld: parsed.tld });
  }
  return twins;
}
