-- Three indexes serve only questions about available names: random picks (home page), the
-- availability check's picker and the "recently released" order of /available. Each led with
-- status, so every name of every status had an entry: a new name on a release list (soonavailable)
-- paid for three index entries no query reads. As partial indexes on status = 'available' they hold
-- only the names they serve; the queries already say status = 'available' (decision 0014).
CREATE INDEX IF NOT EXISTS "domains_available_random_idx" ON "domains" USING btree ("random_key") WHERE "status" = 'available';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "domains_available_next_check_idx" ON "domains" USING btree ("next_check_at") WHERE "status" = 'available';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "domains_available_updated_name_idx" ON "domains" USING btree ("updated_at" DESC NULLS LAST, "name") WHERE "status" = 'available';--> statement-breakpoint
DROP INDEX IF EXISTS "domains_status_random_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "domains_status_next_check_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "domains_status_updated_name_idx";
