import { parseDomainName, type Tld } from "~/domain/names";
import { isValidIsoDate } from "~/domain/release";

/** How many skipped entries the summary names; the rest are only counted. */
export const MAX_LISTED_ERRORS = 20;

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

/** parseDomainName, with a fast path for plain ASCII names. */
export function parseListedName(input: string) {
  // "ab--" would be a reserved IDN prefix: left to the full check.
  if (PLAIN_NAME.test(input) && !(input[2] === "-" && input[3] === "-")) {
    const labelLength = input.length - 3;
    const tld: Tld = input.endsWith(".se") ? ".se" : ".nu";
    return { ok: true as const, ace: input, unicode: input, label: input.slice(0, labelLength), tld, length: labelLength };
  }
  return parseDomainName(input);
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
  const firstSeenAt = new Map<string, number>();
  const otherListed = new Set<string>();
  // A list has a few dozen distinct dates: each is checked once, and its entries share one copy of it.
  const checkedDates = new Map<string, string | null>();
  const errors: string[] = [];
  let total = 0;
  let failed = 0;

  const fail = (position: number, reason: string) => {
    failed++;
    if (errors.length < MAX_LISTED_ERRORS) errors.push(`${options.unit} ${position}: ${reason}`);
  };
  const validDate = (value: unknown): string | null => {
    if (typeof value !== "string") return null;
    let date = checkedDates.get(value);
    if (date === undefined) checkedDates.set(value, (date = isValidIsoDate(value) ? value : null));
    return date;
  };

  return {
    /** Counts an entry that is not even name + date (a malformed line or item). */
    reject(position: number, reason: string) {
      total++;
      fail(position, reason);
    },
    add(position: number, rawName: unknown, rawDate: unknown) {
      total++;
      if (rawName === undefined || rawName === null || rawName === "" || rawDate === undefined || rawDate === null || rawDate === "") {
        return fail(position, "missing name or release_at");
      }
      if (typeof rawName !== "string") return fail(position, `name ${quote(rawName)} is not text`);
      const parsed = parseListedName(rawName);
      if (!parsed.ok) {
        const problem = parsed.reason === "unsupported-tld" ? "is not a .se or .nu name" : "is not a valid domain name";
        return fail(position, `${quote(rawName)} ${problem}`);
      }
      if (options.tld && parsed.tld !== options.tld) {
        return fail(position, `${parsed.ace} is a ${parsed.tld} name; this list is for ${options.tld}`);
      }
      const firstPosition = firstSeenAt.get(parsed.ace);
      if (firstPosition !== undefined) {
        return fail(position, `${parsed.ace} is listed again (first at ${options.unit} ${firstPosition}); the first entry is used`);
      }
      const releaseDate = validDate(rawDate);
      if (releaseDate === null) {
        otherListed.add(parsed.ace);
        return fail(position, `${parsed.ace}: release date ${quote(rawDate)} is not a real YYYY-MM-DD date`);
      }
      firstSeenAt.set(parsed.ace, position);
      entries.push({ name: parsed.ace, unicodeName: parsed.unicode, tld: parsed.tld, length: parsed.length, releaseDate });
    },
    finish(): CollectedEntries {
      const otherListedNames = [...otherListed].filter((name) => !firstSeenAt.has(name));
      return { total, entries, failed, errors, otherListedNames };
    },
  };
}

/** A value as it appears in the list, cut short so one bad entry cannot flood the summary. */
export function quote(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : String(JSON.stringify(value) ?? value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
