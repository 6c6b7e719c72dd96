// Swedish words for scoring names, read from the stems of the `dictionary-sv`
// Hunspell dictionary. We read the .dic lines ourselves rather than use a
// spell checker: nspell with this dictionary accepts nonsense, because the
// compound rules in its index.aff (COMPOUNDRULE) let it build "words" out of
// stems, and a score needs "is this a word", not "could this be spelled so".
//
// Only stems are used, not their inflections: "hund" and "bil" are in, "hunden"
// is not. Some everyday words are missing as stems in dictionary-sv 4.0.0
// ("ros" only appears inside compounds such as "solros").
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { WordList } from "~/domain/score";
import { indexWords, type WordIndex } from "~/domain/swedish-words";

const WORD = /^[a-zåäöéü]{2,}$/;

// Hunspell flags (index.aff) that mark a stem as not a word on its own:
// % = FORBIDDENWORD (listed misspellings such as "mjölchoklad"),
// Z = ONLYINCOMPOUND (parts such as "brick" that occur only inside compounds).
const NOT_A_WORD_FLAGS = ["%", "Z"];

let cached: ReadonlySet<string> | null = null;
let cachedIndex: WordIndex | null = null;

/** The Swedish word list, loaded once per process (about 150 000 stems). */
export function loadSwedishWords(): ReadonlySet<string> & WordList {
  cached ??= readStems(readFileSync(dictionaryPath(), "utf8"));
  return cached;
}

/** The same list prepared for wordClassOf (app/domain/swedish-words.ts), once per process (~0.1 s). */
export function loadSwedishWordIndex(): WordIndex {
  cachedIndex ??= indexWords(loadSwedishWords());
  return cachedIndex;
}

/** Exported for tests: the stems of a Hunspell .dic text as a word set. */
export function readStems(dic: string): ReadonlySet<string> {
  const words = new Set<string>();
  const lines = dic.split("\n");
  // The first line is the stem count, not a word.
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].trim();
    const slash = line.indexOf("/");
    const stem = (slash === -1 ? line : line.slice(0, slash)).toLowerCase();
    if (!WORD.test(stem)) continue;
    const flags = slash === -1 ? "" : line.slice(slash + 1);
    if (NOT_A_WORD_FLAGS.some((flag) => flags.includes(flag))) continue;
    words.add(stem);
  }
  return words;
}

// The package only exports its JS entry, so find that and read the .dic
// beside it (resolving "dictionary-sv/index.dic" fails with
// ERR_PACKAGE_PATH_NOT_EXPORTED).
function dictionaryPath(): string {
  const entry = createRequire(import.meta.url).resolve("dictionary-sv");
  return join(dirname(entry), "index.dic");
}
