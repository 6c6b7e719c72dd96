import { bigint, boolean, pgTable } from "drizzle-orm/pg-core";
import { domainStatusType } from "./domains.server";

/**
 * How many domains have each (status, is_featured), as signed numbers: a
 * key's total is the sum of its rows. Written only by the database, by
 * statement triggers on `domains` (migration 0010), in the same transaction
 * as the change, so every snapshot's sums equal count(*) in that snapshot.
 * Writers append a row per key a statement changed (no row locks, so no
 * waiting or deadlocks between writers) and fold the table back to one row
 * per key now and then (docs/decisions/0011-list-totals-kept-by-triggers.md).
 * No primary key: several rows per key are expected.
 */
export const domainListCounts = pgTable("domain_list_counts", {
  status: domainStatusType("status").notNull(),
  isFeatured: boolean("is_featured").notNull(),
  n: bigint("n", { mode: "number" }).notNull(),
});
