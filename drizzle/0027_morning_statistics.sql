-- The release mornings in the statistics (docs/product.md, "Statistics"; decision 0031): when in the
-- morning names were first seen free, and how long after that they were taken again, counted only
-- over mornings the rounds measured. Recomputed by refreshStatistics, as the other stats_* tables.
CREATE TABLE "stats_release_minutes" (
	-- Minutes after 04:00 UTC, at the start of a ten-minute bucket.
	"minute" integer NOT NULL,
	"length_group" text NOT NULL,
	"char_group" text NOT NULL,
	"tld" "domain_tld" NOT NULL,
	"names" integer NOT NULL,
	CONSTRAINT "stats_release_minutes_pkey" PRIMARY KEY ("minute", "length_group", "char_group", "tld")
);--> statement-breakpoint
CREATE TABLE "stats_catch_durations" (
	-- 'all', 'length' or 'chars', and the group's key ('' for all).
	"grouping" text NOT NULL,
	"group_key" text NOT NULL,
	"names" integer NOT NULL,
	-- Seconds from first seen free to first seen taken: quartiles.
	"p25_seconds" real NOT NULL,
	"p50_seconds" real NOT NULL,
	"p75_seconds" real NOT NULL,
	CONSTRAINT "stats_catch_durations_pkey" PRIMARY KEY ("grouping", "group_key")
);
