-- Domain names (ACE, lower case: ASCII letters, digits, hyphens and dots) now compare byte by
-- byte (collate "C") wherever they are stored, instead of by the database's default collation.
-- Sorting and index builds then compare with memcmp rather than the C library's locale routines
-- (a first release list's bulk load builds its indexes faster, decision 0019), and names sort in
-- the same order on every server, as JavaScript compares them, whatever collation the database
-- was created with (the keyset pages' tie-break). Unicode names keep the default collation; their
-- ordered uses say collate "C" or compare swedish_sort_key() byte-wise already. The columns that
-- are joined with domains.name take the same collation, so no comparison mixes two.
-- Two triggers name the column and must go while its type changes (PostgreSQL refuses
-- otherwise); they come back as they were. Every index on these columns is rebuilt.
DROP TRIGGER domains_search_keys_update ON "domains";--> statement-breakpoint
DROP TRIGGER domains_name_chars_update ON "domains";--> statement-breakpoint
ALTER TABLE "domains" ALTER COLUMN "name" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "domain_events" ALTER COLUMN "domain_name" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "bookmarks" ALTER COLUMN "domain_name" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "enquiries" ALTER COLUMN "domain_name" TYPE text COLLATE "C";--> statement-breakpoint
CREATE TRIGGER domains_search_keys_update BEFORE UPDATE OF "name", "unicode_name", "length", "search_keys" ON "domains"
  FOR EACH ROW
  EXECUTE FUNCTION domains_fill_search_keys();--> statement-breakpoint
CREATE TRIGGER domains_name_chars_update BEFORE UPDATE OF "name", "unicode_name", "name_chars" ON "domains"
  FOR EACH ROW
  EXECUTE FUNCTION domains_fill_name_chars();
