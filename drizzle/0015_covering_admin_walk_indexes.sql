-- The backoffice list reads a page by walking a sort order and testing each name against the
-- filters (decision 0012). Those four sort indexes held only their order, so every step read a
-- table row at random (~10 µs): a common search term's 100th page walked 50,000 rows (600 ms).
-- Each now also holds every column the filters test (both name forms, status, TLD, release date,
-- length, character class), so a walk is an index-only scan (~0.2 µs a step) and never touches
-- the table (decision 0016). The key order a query can use is unchanged: the extra columns
-- follow the unique name. The public lists use the same indexes as before.
DROP INDEX IF EXISTS "domains_release_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "domains_release_idx" ON "domains" USING btree ("release_date", "name", "unicode_name", "status", "tld", "length", "name_chars");--> statement-breakpoint
DROP INDEX IF EXISTS "domains_status_release_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "domains_status_release_idx" ON "domains" USING btree ("status", "release_date", "name", "unicode_name", "tld", "length", "name_chars");--> statement-breakpoint
DROP INDEX IF EXISTS "domains_score_name_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "domains_score_name_idx" ON "domains" USING btree ("score", "name", "unicode_name", "status", "tld", "release_date", "length", "name_chars");--> statement-breakpoint
DROP INDEX IF EXISTS "domains_length_name_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "domains_length_name_idx" ON "domains" USING btree ("length", "name", "unicode_name", "status", "tld", "release_date", "name_chars");--> statement-breakpoint
-- An index-only scan reads the table for rows on pages not yet marked all-visible, which every
-- import's inserts and updates leave behind. Vacuum after 2% of the table has changed (default
-- 20%), so the walks stay index-only after a nightly import.
ALTER TABLE "domains" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
