-- Backoffice domain list (issue 8, docs/decisions/0012-admin-list-plans.md). Two indexes replace two:
-- * domains_admin_filter_idx: every filter except the search text (TLD, status, release date, length,
--   character class). Any mix of them is tested inside it, so the exact count is an index-only scan.
--   Most rows share their five values with many others; deduplication keeps each combination once
--   (8 MB at a million names, about 30,000 combinations).
-- * domains_admin_sort_idx: the same columns plus score and name, every column the list filters or
--   sorts on. A filter set too narrow for walking a sort index collects its matches' sort keys from
--   here without reading the table, sorts them and reads only the page's 30 rows (83 MB).
-- Dropped: (tld, status, release_date), which the first one extends (the TLD sort reads it now), and
-- (name_chars, release_date, name), the first character-filter index (71 MB). Imports update as many
-- indexes as before.
DROP INDEX IF EXISTS "domains_tld_status_release_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "domains_name_chars_release_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "domains_admin_filter_idx" ON "domains" USING btree ("tld","status","release_date","length","name_chars");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "domains_admin_sort_idx" ON "domains" USING btree ("tld","status","release_date","length","name_chars","score","name");
