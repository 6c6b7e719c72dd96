import { parseDomainName } from "~/domain/names";
import type { Db } from "~/server/db/client.server";
import { domains, type NewDomainRow } from "~/server/db/schema/index.server";

/** Inserts one name from its readable form; everything else has a plausible default. */
export async function insertDomain(db: Db, unicodeOrAce: string, overrides: Partial<NewDomainRow> = {}) {
  const parsed = parseDomainName(unicodeOrAce);
  if (!parsed.ok) throw new Error(`factory: not a valid .se/.nu name: ${unicodeOrAce}`);
  const row: NewDomainRow = {
    name: parsed.ace,
    unicodeName: parsed.unicode,
    tld: parsed.tld,
    length: parsed.length,
    status: "soonavailable",
    releaseDate: "2030-01-15",
    score: 50,
    ...overrides,
  };
  await db.insert(domains).values(row);
  return row;
}
