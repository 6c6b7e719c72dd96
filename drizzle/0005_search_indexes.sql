-- The distinct character pairs of a text, for the two-character search index (pg_trgm needs three).
CREATE OR REPLACE FUNCTION domain_bigrams(value text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT coalesce(array_agg(DISTINCT substr(value, i, 2)), '{}') FROM generate_series(1, char_length(value) - 1) AS i $$;--> statement-breakpoint
CREATE INDEX "domains_length_score_name_idx" ON "domains" USING btree ("length","score" DESC NULLS LAST,"name","unicode_name");--> statement-breakpoint
CREATE INDEX "domains_unicode_prefix_idx" ON "domains" USING btree ("unicode_name" collate "C","length","score" DESC NULLS LAST,"name");--> statement-breakpoint
CREATE INDEX "domains_unicode_bigram_idx" ON "domains" USING gin (domain_bigrams("unicode_name"));