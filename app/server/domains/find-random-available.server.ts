import { and, asc, gte, lt, sql } from "drizzle-orm";
import type { DomainCardData } from "~/domain/domain-card";
import { HOME_SECTION_SIZE } from "~/lib/listing-params";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { domainCardColumns, toDomainCardData } from "./domain-card-data.server";
import { availablePredicate } from "./find-available.server";

/**
 * Home shows 8 available names at random (docs/product.md, "Lists and their order"). Each row carries a fixed
 * random key; reading the 8 keys after a random point is a short index range
 * scan (domains_available_random_idx) instead of sorting the table by random().
 * When the point lies near the end, the rest is taken from the start.
 */
export async function findRandomAvailable(
  db: Db,
  options: { count?: number; random?: () => number } = {},
): Promise<DomainCardData[]> {
  const count = options.count ?? HOME_SECTION_SIZE;
  const start = (options.random ?? Math.random)();
  const after = await db
    .select(domainCardColumns)
    .from(domains)
    .where(and(availablePredicate, gte(domains.randomKey, sql`${start}::real`)))
    .orderBy(asc(domains.randomKey))
    .limit(count);
  if (after.length >= count) return after.map(toDomainCardData);
  const wrapped = await db
    .select(domainCardColumns)
    .from(domains)
    .where(and(availablePredicate, lt(domains.randomKey, sql`${start}::real`)))
    .orderBy(asc(domains.randomKey))
    .limit(count - after.length);
  return [...after, ...wrapped].map(toDomainCardData);
}
