-- name_chars was a generated column: PostgreSQL ran its four regular
-- expressions and then copied every written row to add the result, 30% of
-- what writing a new name into domains costs. Writers now send it
-- (app/domain/name-chars.ts; the import does) as they send search_keys; a row
-- written without it gets it from domain_name_chars() in a trigger, and a
-- change of the name recomputes it. The stored values stay as they are
-- (DROP EXPRESSION keeps them and rewrites nothing). A test checks that the
-- function and app/domain/name-chars.ts agree.
CREATE FUNCTION domain_name_chars(unicode_name text, ace_name text) RETURNS smallint
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
  SELECT ((CASE WHEN unicode_name ~ '^[^.]*[^.0-9-]' THEN 1 ELSE 0 END)
        | (CASE WHEN unicode_name ~ '^[^.]*[0-9]' THEN 2 ELSE 0 END)
        | (CASE WHEN unicode_name ~ '^[^.]*-' THEN 4 ELSE 0 END)
        | (CASE WHEN ace_name LIKE 'xn--%' THEN 8 ELSE 0 END))::smallint
$$;--> statement-breakpoint
CREATE FUNCTION domains_fill_name_chars() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.name_chars := domain_name_chars(NEW.unicode_name, NEW.name);
  RETURN NEW;
END
$$;--> statement-breakpoint
ALTER TABLE "domains" ALTER COLUMN "name_chars" DROP EXPRESSION;--> statement-breakpoint
CREATE TRIGGER domains_name_chars_insert BEFORE INSERT ON "domains"
  FOR EACH ROW WHEN (NEW.name_chars IS NULL)
  EXECUTE FUNCTION domains_fill_name_chars();--> statement-breakpoint
CREATE TRIGGER domains_name_chars_update BEFORE UPDATE OF "name", "unicode_name", "name_chars" ON "domains"
  FOR EACH ROW
  EXECUTE FUNCTION domains_fill_name_chars();
