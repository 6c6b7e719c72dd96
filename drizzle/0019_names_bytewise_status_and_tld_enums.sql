-- Two changes of column types, in one migration because both rebuild the indexes of domains.
--
-- 1. Domain names (ACE, lower case: ASCII letters, digits, hyphens and dots) compare byte by
-- byte (collate "C") wherever they are stored, instead of by the database's default collation.
-- Sorting and index builds then compare with memcmp rather than the C library's locale routines,
-- and names sort in the same order on every server, as JavaScript compares them, whatever
-- collation the database was created with (the keyset pages' tie-break). Unicode names keep the
-- default collation; their ordered uses say collate "C" or compare swedish_sort_key() byte-wise
-- already. The columns that are joined with domains.name take the same collation, so no
-- comparison mixes two.
--
-- 2. A name's status and TLD become enum types instead of text. Both lead several of the
-- backoffice's sort indexes (domains_admin_sort_idx begins with TLD and status); as text, of
-- variable width, every comparison of an index build or walk read past them without cached
-- offsets and compared them as strings, and building those indexes for a first release list took
-- two to three times as long as for an index that begins with a date (decision 0019, fourth
-- addendum). An enum is four bytes of fixed width, compared as a number. The labels are declared
-- in alphabetical order, so every ordering by status or TLD is what it was as text, and the values
-- read back are the same strings. The enums replace the two CHECK constraints that held the
-- lists. The totals tables hold the same values and take the same types.
--
-- The partial indexes that test the status (their stored definitions compare with text) and two
-- triggers that name these columns must go while the types change; they come back as they were.
CREATE TYPE "domain_status" AS ENUM ('available', 'premium', 'registered', 'renewed', 'soonavailable', 'unlisted');--> statement-breakpoint
CREATE TYPE "domain_tld" AS ENUM ('.nu', '.se');--> statement-breakpoint
DROP TRIGGER domains_search_keys_update ON "domains";--> statement-breakpoint
DROP TRIGGER domains_name_chars_update ON "domains";--> statement-breakpoint
DROP INDEX "domains_featured_list_score_idx";--> statement-breakpoint
DROP INDEX "domains_featured_list_sv_name_idx";--> statement-breakpoint
DROP INDEX "domains_listed_name_idx";--> statement-breakpoint
DROP INDEX "domains_available_updated_name_idx";--> statement-breakpoint
DROP INDEX "domains_available_random_idx";--> statement-breakpoint
DROP INDEX "domains_available_next_check_idx";--> statement-breakpoint
ALTER TABLE "domains" DROP CONSTRAINT "domains_status_check";--> statement-breakpoint
ALTER TABLE "domains" DROP CONSTRAINT "domains_tld_check";--> statement-breakpoint
ALTER TABLE "domains"
  ALTER COLUMN "name" TYPE text COLLATE "C",
  ALTER COLUMN "status" TYPE "domain_status" USING "status"::"domain_status",
  ALTER COLUMN "tld" TYPE "domain_tld" USING "tld"::"domain_tld";--> statement-breakpoint
ALTER TABLE "domain_events" ALTER COLUMN "domain_name" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "bookmarks" ALTER COLUMN "domain_name" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "enquiries" ALTER COLUMN "domain_name" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "domain_list_counts" ALTER COLUMN "status" TYPE "domain_status" USING "status"::"domain_status";--> statement-breakpoint
ALTER TABLE "domain_filter_counts"
  ALTER COLUMN "tld" TYPE "domain_tld" USING "tld"::"domain_tld",
  ALTER COLUMN "status" TYPE "domain_status" USING "status"::"domain_status";--> statement-breakpoint
ALTER TABLE "domain_filter_count_changes"
  ALTER COLUMN "tld" TYPE "domain_tld" USING "tld"::"domain_tld",
  ALTER COLUMN "status" TYPE "domain_status" USING "status"::"domain_status";--> statement-breakpoint
CREATE INDEX "domains_featured_list_score_idx" ON "domains" USING btree ("score" DESC NULLS LAST, "name")
  WHERE "is_featured" AND "status" IN ('available', 'soonavailable', 'premium');--> statement-breakpoint
CREATE INDEX "domains_featured_list_sv_name_idx" ON "domains" USING btree ((swedish_sort_key("unicode_name") COLLATE "C"), "name")
  WHERE "is_featured" AND "status" IN ('available', 'soonavailable', 'premium');--> statement-breakpoint
CREATE INDEX "domains_listed_name_idx" ON "domains" USING btree ("name") WHERE "status" IN ('soonavailable', 'available', 'premium');--> statement-breakpoint
CREATE INDEX "domains_available_updated_name_idx" ON "domains" USING btree ("updated_at" DESC NULLS LAST, "name") WHERE "status" = 'available';--> statement-breakpoint
CREATE INDEX "domains_available_random_idx" ON "domains" USING btree ("random_key") WHERE "status" = 'available';--> statement-breakpoint
CREATE INDEX "domains_available_next_check_idx" ON "domains" USING btree ("next_check_at") WHERE "status" = 'available';--> statement-breakpoint
CREATE TRIGGER domains_search_keys_update BEFORE UPDATE OF "name", "unicode_name", "length", "search_keys" ON "domains"
  FOR EACH ROW
  EXECUTE FUNCTION domains_fill_search_keys();--> statement-breakpoint
CREATE TRIGGER domains_name_chars_update BEFORE UPDATE OF "name", "unicode_name", "name_chars" ON "domains"
  FOR EACH ROW
  EXECUTE FUNCTION domains_fill_name_chars();
