-- Swedish name order for the public lists (decision note 0010): a sort key
-- compared byte-wise (collate "C") instead of an ICU collation, which PGlite
-- lacks. app/domain/swedish-order.ts builds the same key and is tested against
-- this function. translate() costs time per character of its "from" list, so
-- the common case (a–z, digits, hyphen, å, ä, ö) takes a four-character list
-- and only a name still holding another non-ASCII letter takes the long one:
-- about 2.5 µs a name instead of 15 (every insert and page computes it).
CREATE FUNCTION swedish_sort_key(unicode_name text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
DECLARE
  key text := translate(unicode_name, 'åäö.', '{|} ');
BEGIN
  IF octet_length(key) = char_length(key) THEN
    RETURN key;
  END IF;
  RETURN translate(replace(replace(key, 'ß', 'ss'), 'þ', 'th'),
    'æøœőàáâãāăąçćčďđðèéêëēėęěğģìíîïīįıķĺļľłñńņňŋòóôõōŕřśšşșťţțŧùúûūůųüűýÿźżž',
    '|}}}aaaaaaacccdddeeeeeeeeggiiiiiiikllllnnnnnooooorrssssttttuuuuuuyyyyzzz');
END
$$;--> statement-breakpoint
DROP INDEX IF EXISTS "domains_status_unicode_name_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "domains_featured_list_name_idx";--> statement-breakpoint
CREATE INDEX "domains_status_sv_name_idx" ON "domains" USING btree ("status",(swedish_sort_key("unicode_name") collate "C"),"name");--> statement-breakpoint
CREATE INDEX "domains_featured_list_sv_name_idx" ON "domains" USING btree ((swedish_sort_key("unicode_name") collate "C"),"name") WHERE "domains"."is_featured" and "domains"."status" in ('available', 'soonavailable', 'premium');
