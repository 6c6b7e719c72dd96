-- "Vem tar de släppta namnen?" on /statistik (decision 0073): names released in the last
-- 30 and 90 days that the registry's zone has again after their release, by operator and group, written by
-- refreshStatistics' "taken-by" part.
CREATE TABLE "stats_taken_by" (
	"window_days" smallint NOT NULL,
	"operator" text NOT NULL,
	"kind" text NOT NULL,
	"known" boolean NOT NULL,
	"length_group" text NOT NULL,
	"char_group" text NOT NULL,
	"names" integer NOT NULL,
	CONSTRAINT "stats_taken_by_pkey" PRIMARY KEY("window_days","operator","kind","known","length_group","char_group")
);
--> statement-breakpoint
CREATE TABLE "stats_taken_by_groups" (
	"window_days" smallint NOT NULL,
	"grouping" text NOT NULL,
	"group_key" text NOT NULL,
	"released" integer,
	"taken" integer NOT NULL,
	"median_seconds" double precision,
	CONSTRAINT "stats_taken_by_groups_pkey" PRIMARY KEY("window_days","grouping","group_key")
);
