import punycode from "punycode/punycode.es6.js";
import { ACE_PREFIX, parseDomainName, type Tld } from "~/domain/names";
import { isValidIsoDate } from "~/domain/utc-dates";

/** How many skipped entries the summary names; all are kept as rejections (up to MAX_KEPT_REJECTIONS). */
export const MAX_LISTED_ERRORS = 20;

/** Rejected entries kept for the download; a list rejecting more is broken through and through, and the rest are counted only. */
export const MAX_KEPT_REJECTIONS = 100_000;

/** An entry as listed is kept this long at most (a line of megabytes is still one rejected line). */
const MAX_ENTRY_CHARS = 200;

/** A skipped entry: where in the list, the entry as listed (cut short) and why. */
export type Rejection = { position: number; entry: string; reason: string };

export type ReleaseListEntry = {
  /** ACE form, lower case: the key. */
  name: string;
  unicodeName: string;
  tld: Tld;
  /** Unicode code points of the first label. */
  length: number;
  releaseDate: string;
};

export type CollectedEntries = {
  /** Entries in the list (items or non-blank lines), good or bad. */
  total: number;
  /** The good ones, each name once, in list order. */
  entries: ReleaseListEntry[];
  /** Entries skipped: bad shape, bad name, another TLD, impossible date, or a repeated name. */
  failed: number;
  /** The first MAX_LISTED_ERRORS reasons, e.g. `Line 7: 2021-02-30 is not a real date`. */
  errors: string[];
  /** Every skipped entry (the first MAX_KEPT_REJECTIONS), in list order. */
  rejections: Rejection[];
  /**
   * Valid names of the list's TLD that were skipped for another reason (a bad
   * date). They are still on the registry's list, so they were not renewed.
   */
  otherListedNames: string[];
};

// The registry's names are plain lower-case ASCII almost always. Their parsed
// form is the name itself, so they skip the URL-parser round trip that
// parseDomainName needs for Unicode input (about 10 µs a name: seconds for a
// 500 000-name list). Anything else takes the full path. A property test
// checks that both paths agree.
const PLAIN_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.(?:se|nu)$/;

// Their IDN names come in ACE form ("xn--rksmrgs-5wao1o.se"), and checking
// one fully takes two URL-parser round trips (~4.5 µs). One whose label
// decodes to letters that IDNA leaves as they are — a–z, digits and the
// lower-case letters of Latin-1 (à–ö, ø–ÿ; not ß, which mappings differ on),
// hyphens only between them — and encodes back to the same ACE form needs
// neither: it is valid as listed. Anything else takes the full path.
const ACE_NAME = /^xn--[a-z0-9-]{1,59}\.(?:se|nu)$/;
const KEPT_LETTERS_LABEL = /^[a-z0-9\u00e0-\u00f6\u00f8-\u00ff](?:-?[a-z0-9\u00e0-\u00f6\u00f8-\u00ff])*$/;
const NON_ASCII = /\P{ASCII}/u;

/** parseDomainName, with fast paths for plain ASCII names and their ACE-form IDN names. */
export function parseListedName(input: string) {
  // "ab--" would be a reserved IDN prefix: left to the full check.
  if (PLAIN_NAME.test(input) && !(input[2] === "-" && input[3] === "-")) {
    const labelLength = input.length - 3;
    return { ok: true as const, ace: input, unicode: input, label: input.slice(0, labelLength), tld: tldOf(input), length: labelLength };
  }
  return (ACE_NAME.test(input) && parseKeptLettersAceName(input)) || parseDomainName(input);
}

function parseKeptLettersAceName(input: string) {
  const encoded = input.slice(ACE_PREFIX.length, -".se".length);
  let label: string;
  try {
    label = punycode.decode(encoded);
  } catch {
    return null;
  }
  // An all-ASCII label is not written in ACE form at all; the full check says so.
  if (!KEPT_LETTERS_LABEL.test(label) || !NON_ASCII.test(label) || punycode.encode(label) !== encoded) return null;
  const tld = tldOf(input);
  // Every letter allowed here is one UTF-16 unit: the length in code points.
  return { ok: true as const, ace: input, unicode: label + tld, label, tld, length: label.length };
}

function tldOf(name: string): Tld {
  return name.endsWith(".se") ? ".se" : ".nu";
}

/**
 * Validates list entries one by one and keeps the good ones. A repeated name
 * keeps its first entry; each later one is skipped and counted as failed, so
 * total = processed + failed always holds. Entries are numbered from 1 in the
 * list's own terms ("Item 7" in JSON, "Line 7" in TXT); the label is only
 * written out for the errors that are listed.
 */
export function createEntryCollector(options: { tld?: Tld; unit: "Item" | "Line" }) {
  const entries: ReleaseListEntry[] = [];
  const seen = createSeenNames();
  const otherListed = new Set<string>();
  // A list has a few dozen distinct dates: each is checked once, and its entries share one copy of it.
  const checkedDates = new Map<string, string | null>();
  const errors: string[] = [];
  const rejections: Rejection[] = [];
  let total = 0;
  let failed = 0;

  // `entry` is only asked for when an entry is rejected: a good one is never written out again.
  const fail = (position: number, entry: () => string, reason: string) => {
    failed++;
    if (errors.length < MAX_LISTED_ERRORS) errors.push(`${options.unit} ${position}: ${reason}`);
    if (rejections.length < MAX_KEPT_REJECTIONS) rejections.push({ position, entry: cut(entry()), reason });
  };
  const validDate = (value: unknown): string | null => {
    if (typeof value !== "string") return null;
    let date = checkedDates.get(value);
    if (date === undefined) checkedDates.set(value, (date = isValidIsoDate(value) ? value : null));
    return date;
  };

  return {
    /** Counts an entry that is not even name + date (a malformed line or item); `entry` gives it as listed. */
    reject(position: number, entry: () => string, reason: string) {
      total++;
      fail(position, entry, reason);
    },
    add(position: number, rawName: unknown, rawDate: unknown, entry: () => string) {
      total++;
      if (rawName === undefined || rawName === null || rawName === "" || rawDate === undefined || rawDate === null || rawDate === "") {
        return fail(position, entry, "missing name or release_at");
      }
      if (typeof rawName !== "string") return fail(position, entry, `name ${quote(rawName)} is not text`);
      const parsed = parseListedName(rawName);
      if (!parsed.ok) {
        const problem = parsed.reason === "unsupported-tld" ? "is not a .se or .nu name" : "is not a valid domain name";
        return fail(position, entry, `${quote(rawName)} ${problem}`);
      }
      if (options.tld && parsed.tld !== options.tld) {
        return fail(position, entry, `${parsed.ace} is a ${parsed.tld} name; this list is for ${options.tld}`);
      }
      const firstPosition = seen.positionOf(parsed.ace);
      if (firstPosition !== undefined) {
        return fail(position, entry, `${parsed.ace} is listed again (first at ${options.unit} ${firstPosition}); the first entry is used`);
      }
      const releaseDate = validDate(rawDate);
      if (releaseDate === null) {
        otherListed.add(parsed.ace);
        return fail(position, entry, `${parsed.ace}: release date ${quote(rawDate)} is not a real YYYY-MM-DD date`);
      }
      seen.add(parsed.ace, position);
      entries.push({ name: parsed.ace, unicodeName: parsed.unicode, tld: parsed.tld, length: parsed.length, releaseDate });
    },
    finish(): CollectedEntries {
      const otherListedNames = [...otherListed].filter((name) => seen.positionOf(name) === undefined);
      return { total, entries, failed, errors, rejections, otherListedNames };
    },
  };
}

/**
 * The names kept so far and where each was listed. The registry's lists are
 * in name order, and there a repeated name can only repeat the name kept
 * last: comparing with it is the whole check, and a list of 500 000 names
 * needs no map of them (filling one was a fifth of the time it takes to read
 * such a list). The first name out of order builds the map from the names
 * kept so far, and from then on every name is looked up.
 */
function createSeenNames() {
  const names: string[] = [];
  const positions: number[] = [];
  let byName: Map<string, number> | null = null;

  return {
    positionOf(name: string): number | undefined {
      if (byName) return byName.get(name);
      const last = names.length - 1;
      if (last >= 0 && name <= names[last]) {
        if (name === names[last]) return positions[last];
        byName = new Map(names.map((kept, index) => [kept, positions[index]]));
        names.length = 0;
        positions.length = 0;
        return byName.get(name);
      }
      return undefined;
    },
    /** Records a name that positionOf did not find. */
    add(name: string, position: number) {
      if (byName) byName.set(name, position);
      else {
        names.push(name);
        positions.push(position);
      }
    },
  };
}

function cut(entry: string): string {
  return entry.length > MAX_ENTRY_CHARS ? `${entry.slice(0, MAX_ENTRY_CHARS - 3)}...` : entry;
}

/** A value as it appears in the list, cut short so one bad entry cannot flood the summary. */
export function quote(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : String(JSON.stringify(value) ?? value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
