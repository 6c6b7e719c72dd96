-- Domain names (ACE, lower case), statuses and TLDs are ASCII identifiers: they now compare
-- byte by byte (collate "C") wherever they are stored, instead of by the database's default
-- collation. Sorting and index builds then compare with memcmp rather than the C library's
-- locale routines (a first release list's bulk load builds its indexes ~10% faster,
-- decision 0019), and names sort in the same order on every server, as JavaScript compares
-- them, whatever collation the database was created with (the keyset pages' tie-break).
-- Unicode names keep the default collation; their ordered uses say collate "C" or compare
-- swedish_sort_key() byte-wise already. Columns that are joined or compared with these take
-- the same collation, so no comparison mixes two.
-- Two triggers name these columns and must go while their type changes (PostgreSQL refuses
-- otherwise); they come back as they were. Every index on the columns is rebuilt.
DROP TRIGGER domains_search_keys_update ON "domains";--> statement-breakpoint
DROP TRIGGER domains_name_chars_update ON "domains";--> statement-breakpoint
ALTER TABLE "domains"
  ALTER COLUMN "name" TYPE text COLLATE "C",
  ALTER COLUMN "status" TYPE text COLLATE "C",
  ALTER COLUMN "tld" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "domain_events"
  ALTER COLUMN "domain_name" TYPE text COLLATE "C",
  ALTER COLUMN "from_status" TYPE text COLLATE "C",
  ALTER COLUMN "to_status" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "bookmarks" ALTER COLUMN "domain_name" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "enquiries" ALTER COLUMN "domain_name" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "domain_list_counts" ALTER COLUMN "status" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "domain_filter_counts"
  ALTER COLUMN "tld" TYPE text COLLATE "C",
  ALTER COLUMN "status" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "domain_filter_count_changes"
  ALTER COLUMN "tld" TYPE text COLLATE "C",
  ALTER COLUMN "status" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "tld_imports" ALTER COLUMN "tld" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "import_runs" ALTER COLUMN "tld" TYPE text COLLATE "C";--> statement-breakpoint
CREATE TRIGGER domains_search_keys_update BEFORE UPDATE OF "name", "unicode_name", "length", "search_keys" ON "domains"
  FOR EACH ROW
  EXECUTE FUNCTION domains_fill_search_keys();--> statement-breakpoint
CREATE TRIGGER domains_name_chars_update BEFORE UPDATE OF "name", "unicode_name", "name_chars" ON "domains"
  FOR EACH ROW
  EXECUTE FUNCTION domains_fill_name_chars();
