-- Swedish name order for the public lists (decision note 0010): a sort key
-- compared byte-wise (collate "C") instead of an ICU collation, which PGlite
-- lacks. app/domain/swedish-order.ts builds the same key and is tested against
-- this function. A plain SQL function so the planner inlines it and the
-- expression indexes below match the lists' ORDER BY.
CREATE FUNCTION swedish_sort_key(unicode_name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select translate(replace(replace(unicode_name, 'ß', 'ss'), 'þ', 'th'), 'åäæöøœőàáâãāăąçćčďđðèéêëēėęěğģìíîïīįıķĺļľłñńņňŋòóôõōŕřśšşșťţțŧùúûūůųüűýÿźżž.', '{||}}}}aaaaaaacccdddeeeeeeeeggiiiiiiikllllnnnnnooooorrssssttttuuuuuuyyyyzzz ') $$;--> statement-breakpoint
DROP INDEX IF EXISTS "domains_status_unicode_name_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "domains_featured_list_name_idx";--> statement-breakpoint
CREATE INDEX "domains_status_sv_name_idx" ON "domains" USING btree ("status",(swedish_sort_key("unicode_name") collate "C"),"name");--> statement-breakpoint
CREATE INDEX "domains_featured_list_sv_name_idx" ON "domains" USING btree ((swedish_sort_key("unicode_name") collate "C"),"name") WHERE "domains"."is_featured" and "domains"."status" in ('available', 'soonavailable', 'premium');
