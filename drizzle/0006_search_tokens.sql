DROP INDEX "domains_length_score_name_idx";--> statement-breakpoint
DROP INDEX "domains_unicode_prefix_idx";--> statement-breakpoint
DROP INDEX "domains_unicode_bigram_idx";--> statement-breakpoint
DROP FUNCTION IF EXISTS domain_bigrams(text);--> statement-breakpoint
-- The 2- and 3-character pieces of a name's Unicode form (and of its ACE form when that differs),
-- each tagged with the length of the first label: "hun|4". GIN removes repeated pieces itself.
CREATE OR REPLACE FUNCTION domain_search_tokens(unicode_name text, ace_name text, label_length integer) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT array(
    SELECT substr(forms.value, i, n) || '|' || label_length
    FROM (SELECT unicode_name AS value UNION ALL SELECT ace_name WHERE ace_name <> unicode_name) AS forms,
         generate_series(2, 3) AS n,
         generate_series(1, char_length(forms.value) - n + 1) AS i)
$$;--> statement-breakpoint
CREATE INDEX "domains_length_prefix_idx" ON "domains" USING btree ("length","unicode_name" collate "C","score" DESC NULLS LAST,"name");--> statement-breakpoint
CREATE INDEX "domains_search_tokens_idx" ON "domains" USING gin (domain_search_tokens("unicode_name", "name", "length"));