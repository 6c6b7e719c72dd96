-- The catch-risk forecast groups released names by the zone as well (decision 0088): each release
-- records the zone as of its release (nullable, no rewrite of release_outcomes; the statistics part
-- "catch-risk" fills them from the zone's history, null where the zone was not read then), and the
-- cells gain two keys. The cells are derived and replaced by every statistics run: emptied here so
-- the NOT NULL columns can be added, and stats_computations emptied so the app recomputes every part
-- at its next start (refreshStatisticsIfNeverComputed) instead of showing "för lite historik" until
-- the next release job.
-- A partial index finds the releases still to record (a day's, once the history is recorded).
DELETE FROM "stats_catch_risk_cells";--> statement-breakpoint
DELETE FROM "stats_computations";--> statement-breakpoint
ALTER TABLE "stats_catch_risk_cells" ADD COLUMN "family_group" text NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_catch_risk_cells" ADD COLUMN "delegation_group" text NOT NULL;--> statement-breakpoint
ALTER TABLE "release_outcomes" ADD COLUMN "sibling_registered" boolean;--> statement-breakpoint
ALTER TABLE "release_outcomes" ADD COLUMN "twin_registered" boolean;--> statement-breakpoint
ALTER TABLE "release_outcomes" ADD COLUMN "delegation" text;--> statement-breakpoint
CREATE INDEX "release_outcomes_zone_unrecorded_idx" ON "release_outcomes" USING btree ("release_date") WHERE "release_outcomes"."delegation" is null and "release_outcomes"."released_at" is not null;--> statement-breakpoint
ALTER TABLE "stats_catch_risk_cells" DROP CONSTRAINT "stats_catch_risk_cells_pkey";
--> statement-breakpoint
ALTER TABLE "stats_catch_risk_cells" ADD CONSTRAINT "stats_catch_risk_cells_pkey" PRIMARY KEY("tld","length_group","char_group","score_band","word_group","family_group","delegation_group");