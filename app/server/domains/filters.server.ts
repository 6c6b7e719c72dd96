/**
 * The public lists' filters (app/domain/public-filters.ts) as SQL on the
 * domains table. Each is a test of one column the list indexes already hold
 * (TLD, length, character class, word class, score, release date) or of the name itself
 * (contains, starts with, ends with, does not contain); matchesPublicFilters is the
 * same rule in plain code, and a property test holds the two together. The family
 * filters read the flags the zone's apply and the imports store on each row
 * (domains.sibling_registered, domains.twin_registered; family-flags.server.ts).
 */
import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { catchRiskFilterOf } from "~/domain/catch-risk-levels";
import { characterClasses, type PublicFilters, releaseDateRange, wordClassesOf } from "~/domain/public-filters";
import { todayUtc } from "~/domain/utc-dates";
import { escapeLikePattern } from "~/lib/listing-params";
import { domains } from "~/server/db/schema/index.server";
import { labelContainsFilter } from "./name-contains.server";

/** Every filter as one condition; undefined when none is set. */
export function publicFilterWhere(filters: PublicFilters, now: Date): SQL | undefined {
  return and(...publicFilterConditions(filters, now));
}

export function publicFilterConditions(filters: PublicFilters, now: Date): SQL[] {
  const conditions: SQL[] = [];
  if (filters.tlds.length === 1) conditions.push(eq(domains.tld, filters.tlds[0]));
  else if (filters.tlds.length > 1) conditions.push(inArray(domains.tld, filters.tlds));
  if (filters.lengthMin !== null) conditions.push(gte(domains.length, filters.lengthMin));
  if (filters.lengthMax !== null) conditions.push(lte(domains.length, filters.lengthMax));
  const classes = characterClasses(filters.characters);
  if (classes !== null) conditions.push(classes.length > 0 ? inArray(domains.nameChars, classes) : sql`false`);
  if (filters.contains !== null) conditions.push(labelContainsFilter(filters.contains));
  // The Unicode form is the label and its TLD, both three characters: ".se", ".nu". Byte order ("C") lets
  // a prefix use the name indexes; strpos has no wildcards.
  if (filters.startsWith !== null) conditions.push(sql`(${domains.unicodeName} collate "C") like ${`${escapeLikePattern(filters.startsWith)}%`}`);
  if (filters.endsWith !== null) {
    const ending = `%${escapeLikePattern(filters.endsWith)}`;
    conditions.push(sql`(${domains.unicodeName} collate "C") like any (array[${`${ending}.se`}, ${`${ending}.nu`}])`);
  }
  if (filters.notContains !== null) conditions.push(sql`strpos(left(${domains.unicodeName}, -3), ${filters.notContains}) = 0`);
  // A name whose class is not known yet (null) is in no list: "in" never holds for null.
  if (filters.words !== null) conditions.push(inArray(domains.wordClass, [...wordClassesOf(filters.words)]));
  if (filters.minScore !== null) conditions.push(gte(domains.score, filters.minScore));
  const { from, to } = releaseDateRange(filters, todayUtc(now));
  if (from !== null) conditions.push(gte(domains.releaseDate, from));
  if (to !== null) conditions.push(lte(domains.releaseDate, to));
  if (filters.releasedSince !== null) conditions.push(gte(domains.releaseDate, filters.releasedSince));
  if (filters.catchRisk !== null) {
    const { minPercent, maxPercent } = catchRiskFilterOf(filters.catchRisk);
    conditions.push(sql`${domains.catchRisk} between ${minPercent} and ${maxPercent}`);
  }
  // Stored flags (decision 0087), not the zone probed per row: true only, so null (zone not known) never
  // passes, as in matchesPublicFilters. Written bare, so the partial indexes' predicates match.
  if (filters.siblingRegistered) conditions.push(sql`${domains.siblingRegistered}`);
  if (filters.twinRegistered) conditions.push(sql`${domains.twinRegistered}`);
  return conditions;
}
