-- Each listed name's family in brief (decision 0087): its sibling and a twin delegated; null until the
-- zone of the TLD is known. Nullable without a default, so no rewrite of the table; the app fills them at start
-- (refreshFamilyFlags) and keeps them after each zone apply and import. The partial indexes serve the filters.
ALTER TABLE "domains" ADD COLUMN "sibling_registered" boolean;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "twin_registered" boolean;--> statement-breakpoint
CREATE INDEX "domains_sibling_registered_idx" ON "domains" USING btree ("status","release_date") WHERE "domains"."sibling_registered";--> statement-breakpoint
CREATE INDEX "domains_twin_registered_idx" ON "domains" USING btree ("status","release_date") WHERE "domains"."twin_registered";