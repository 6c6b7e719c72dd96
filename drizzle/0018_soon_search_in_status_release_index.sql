-- domains_soon_search_idx (release date, name, Unicode name, featured; soon-available rows
-- only, migration 0007) held what domains_status_release_idx holds for status
-- 'soonavailable' in the same order, but for the featured flag. The status index now ends with
-- that flag too, so the soon-available search walks it index-only as before, and the partial
-- index goes: one index fewer for every write of a soon-available name to maintain, and for a
-- first release list's bulk load to build (decision 0019).
DROP INDEX IF EXISTS "domains_status_release_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "domains_status_release_idx" ON "domains" USING btree ("status", "release_date", "name", "unicode_name", "tld", "length", "name_chars", "is_featured");--> statement-breakpoint
DROP INDEX IF EXISTS "domains_soon_search_idx";
