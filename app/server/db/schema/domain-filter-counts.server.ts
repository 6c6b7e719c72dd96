import { bigint, date, integer, pgTable, smallint, uniqueIndex } from "drizzle-orm/pg-core";
import { domainStatusType, domainTldType } from "./domains.server";

/**
 * How many domains have each (TLD, status, release date, length, character
 * class): every filter of the backoffice list but its search text. Written
 * only by the database (migration 0014): statement triggers on `domains`
 * append signed rows to domain_filter_count_changes, which are folded into
 * one row per combination here now and then. A total is the sum over both
 * tables (docs/decisions/0024-backoffice-list-reads.md).
 */
const columns = () => ({
  tld: domainTldType("tld").notNull(),
  status: domainStatusType("status").notNull(),
  releaseDate: date("release_date", { mode: "string" }),
  length: integer("length").notNull(),
  nameChars: smallint("name_chars").notNull(),
  n: bigint("n", { mode: "number" }).notNull(),
});

export const domainFilterCounts = pgTable("domain_filter_counts", columns(), (table) => [
  uniqueIndex("domain_filter_counts_key").on(table.tld, table.status, table.releaseDate, table.length, table.nameChars),
]);

/** Changes not yet folded into domain_filter_counts; several rows per combination, no key. */
export const domainFilterCountChanges = pgTable("domain_filter_count_changes", columns());
