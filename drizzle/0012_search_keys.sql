-- Substring search on integer keys (decision note 0014). Each name keeps the
-- pairs of neighbouring characters of its Unicode and ACE forms, tagged with
-- its first label's length, as integers in search_keys; one GIN index over
-- them serves the public search, the soon-available search, the backoffice's
-- text filter and similar names. It replaces the text pieces of migration
-- 0006 (about 29 text keys a name, computed by a SQL function for every
-- written row: 85% of what a new name cost an import) and both pg_trgm
-- indexes (another 12 keys a name each).
--
-- Writers compute the keys themselves (app/domain/search-keys.ts, the
-- import and the demo data do); a row written without them (empty array,
-- the column's default) gets them from domain_search_keys() in a trigger,
-- and a change of the name recomputes them. A test checks that the function
-- and app/domain/search-keys.ts agree.
CREATE FUNCTION domain_search_keys(unicode_name text, ace_name text, label_length integer) RETURNS integer[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
  SELECT array(
    SELECT DISTINCT label_length * 65536
      + (CASE WHEN ascii(substr(forms.form, i, 1)) < 256 THEN ascii(substr(forms.form, i, 1)) ELSE 0 END) * 256
      + (CASE WHEN ascii(substr(forms.form, i + 1, 1)) < 256 THEN ascii(substr(forms.form, i + 1, 1)) ELSE 0 END)
    FROM (SELECT unicode_name AS form UNION ALL SELECT ace_name WHERE ace_name <> unicode_name) AS forms,
         generate_series(1, char_length(forms.form) - 1) AS i
    ORDER BY 1)
$$;--> statement-breakpoint
CREATE FUNCTION domains_fill_search_keys() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_keys := domain_search_keys(NEW.unicode_name, NEW.name, NEW.length);
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP INDEX IF EXISTS "domains_search_tokens_idx";--> statement-breakpoint
DROP FUNCTION IF EXISTS domain_search_tokens(text, text, integer);--> statement-breakpoint
DROP INDEX IF EXISTS "domains_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "domains_unicode_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "search_keys" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "domains" SET "search_keys" = domain_search_keys("unicode_name", "name", "length");--> statement-breakpoint
CREATE TRIGGER domains_search_keys_insert BEFORE INSERT ON "domains"
  FOR EACH ROW WHEN (coalesce(cardinality(NEW.search_keys), 0) = 0)
  EXECUTE FUNCTION domains_fill_search_keys();--> statement-breakpoint
CREATE TRIGGER domains_search_keys_update BEFORE UPDATE OF "name", "unicode_name", "length", "search_keys" ON "domains"
  FOR EACH ROW
  EXECUTE FUNCTION domains_fill_search_keys();--> statement-breakpoint
CREATE INDEX "domains_search_keys_idx" ON "domains" USING gin ("search_keys");
