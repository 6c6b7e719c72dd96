// Domain rows for tests, on either engine. Give a name in Unicode or ACE form
// ("räksmörgås.se" or "xn--rksmrgs-5wao1o.se"); the key, display form, TLD
// length and word class are computed the way the app computes them. Every other column
// has a plausible default for the status and can be overridden.
import { releaseInstant } from "~/domain/release-instant";
import { addDays, todayUtc } from "~/domain/utc-dates";
import { parseDomainName, type Tld } from "~/domain/names";
import { wordClassOf } from "~/domain/swedish-words";
import type { Db } from "~/server/db/client.server";
import { domains, type DomainRow, type NewDomainRow } from "~/server/db/schema/index.server";
import { loadSwedishWordIndex } from "~/server/scoring/swedish-words.server";

export type DomainOverrides = Partial<Omit<NewDomainRow, "unicodeName" | "tld" | "length">> & {
  /** Unicode or ACE; defaults to a unique "testdomän-N.se"-style name. */
  name?: string;
  /** Only to store deliberately inconsistent data; normally computed from the name. */
  unicodeName?: string;
  tld?: Tld;
  length?: number;
};

let sequence = 0;

/** The row `createDomain` would insert, without inserting it. `now` sets the default release dates. */
export function buildDomain(overrides: DomainOverrides = {}, now: Date = new Date()): NewDomainRow {
  const { name = `testdoman-${++sequence}.se`, ...rest } = overrides;
  const parsed = parseDomainName(name);
  if (!parsed.ok) throw new Error(`createDomain: not a valid .se/.nu name: ${JSON.stringify(name)} (${parsed.reason})`);
  const status = rest.status ?? "available";
  const today = todayUtc(now);
  const row: NewDomainRow = {
    name: parsed.ace,
    unicodeName: parsed.unicode,
    tld: parsed.tld,
    length: parsed.length,
    status,
    isFeatured: status === "premium",
    score: 50,
    wordClass: wordClassOf(parsed.unicode, loadSwedishWordIndex()),
    price: status === "premium" ? 25_000 : null,
    description: status === "premium" ? "En premiumdomän för tester." : null,
    releaseDate:
      status === "soonavailable" ? addDays(today, 10) : status === "available" || status === "registered" ? addDays(today, -1) : null,
    ...rest,
  };
  // An available name is one the registry has answered "free" for since its release (an hour after it) unless a test says otherwise.
  if (status === "available" && !("lastCheckedAt" in rest)) {
    row.lastCheckedAt = row.releaseDate ? new Date(releaseInstant(row.releaseDate).getTime() + 60 * 60 * 1000) : now;
  }
  return row;
}

/** Inserts one domain and returns the stored row. */
export async function createDomain(db: Db, overrides: DomainOverrides = {}): Promise<DomainRow> {
  const [row] = await db.insert(domains).values(buildDomain(overrides)).returning();
  return row;
}

/**
 * Inserts many domains in one statement: a count (with `common` overrides
 * for all) or one override object per row (each merged over `common`).
 */
export async function createDomains(db: Db, rows: number | DomainOverrides[], common: DomainOverrides = {}): Promise<DomainRow[]> {
  const list = typeof rows === "number" ? Array.from({ length: rows }, () => ({})) : rows;
  if (list.length === 0) return [];
  const values = list.map((row) => buildDomain({ ...common, ...row }));
  return db.insert(domains).values(values).returning();
}
