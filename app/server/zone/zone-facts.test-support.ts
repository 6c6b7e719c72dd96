import { parseDomainName } from "~/domain/names";
import type { Db } from "~/server/db/client.server";
import { seedZoneHistory } from "~tests/factories/zone";

/** The two reads of the zone-facts tests' .se zone (seedZoneHistory's). */
export const FIRST = new Date("2026-12-03T06:00:00Z");
export const SECOND = new Date("2026-12-04T06:00:00Z");

/** A name as the zone-facts functions take it, parsed from text the test knows to be valid. */
export function nameOf(text: string) {
  const parsed = parseDomainName(text);
  if (!parsed.ok) throw new Error(text);
  return parsed;
}

/** Two .se snapshots: hund.se since the first (baseline), katt.se appeared in the second, häst.se changed name servers, fisk.se gone. */
export const seedTwoSeSnapshots = (db: Db) => seedZoneHistory(db, FIRST, SECOND);
