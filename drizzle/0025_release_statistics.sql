-- Statistics of released names (docs/product.md, "Statistics"; decision 0030).
--
-- release_outcomes: one row per release of a name, what /statistik counts. The import writes it
-- when a name is listed with a release date, the renewal step when the name leaves the list, the
-- release step when it is released and the availability check with each answer after that, so a
-- catch no longer overwrites the last "free" answer. No foreign key: the history outlives the name.
CREATE TABLE "release_outcomes" (
	"domain_name" text COLLATE "C" NOT NULL,
	"release_date" date NOT NULL,
	"tld" "domain_tld" NOT NULL,
	"length" integer NOT NULL,
	"name_chars" smallint NOT NULL,
	-- The first day (UTC) the name was seen listed with this release date.
	"listed_on" date NOT NULL,
	-- The day it left the list before its release: renewed.
	"renewed_on" date,
	"released_at" timestamp with time zone,
	-- The first and the latest "free" answer after the release; once taken, the latest before the catch.
	"first_free_at" timestamp with time zone,
	"last_free_at" timestamp with time zone,
	-- The first "occupied" answer that counted as registered again.
	"taken_at" timestamp with time zone,
	CONSTRAINT "release_outcomes_pkey" PRIMARY KEY ("domain_name", "release_date")
);--> statement-breakpoint
CREATE INDEX "release_outcomes_release_date_idx" ON "release_outcomes" USING btree ("release_date");--> statement-breakpoint
-- The aggregates a page reads, recomputed by the jobs (refreshStatistics): small, a few thousand rows at most.
CREATE TABLE "stats_release_days" (
	"day" date NOT NULL,
	"tld" "domain_tld" NOT NULL,
	"names" integer NOT NULL,
	-- Not released yet: the names listed for this day.
	"scheduled" boolean NOT NULL,
	CONSTRAINT "stats_release_days_pkey" PRIMARY KEY ("day", "tld")
);--> statement-breakpoint
CREATE TABLE "stats_catches" (
	"release_date" date NOT NULL,
	"length_group" text NOT NULL,
	"char_group" text NOT NULL,
	"state" text NOT NULL,
	"by_next_check" boolean NOT NULL,
	"names" integer NOT NULL,
	CONSTRAINT "stats_catches_pkey" PRIMARY KEY ("release_date", "length_group", "char_group", "state", "by_next_check")
);--> statement-breakpoint
CREATE TABLE "stats_renewal_curve" (
	"days_left" integer PRIMARY KEY NOT NULL,
	"on_list" integer NOT NULL,
	"renewed" integer NOT NULL
);--> statement-breakpoint
CREATE TABLE "stats_current_list" (
	"grouping" text NOT NULL,
	"group_key" text NOT NULL,
	"names" integer NOT NULL,
	CONSTRAINT "stats_current_list_pkey" PRIMARY KEY ("grouping", "group_key")
);--> statement-breakpoint
CREATE TABLE "stats_computations" (
	"part" text PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- What the stored names already tell, one release each: names on a list now, renewed names, and
-- released ones (the release event's time, else the release moment). Older releases of a name
-- are not recoverable from the domains table; the first statistics show the history from here on.
INSERT INTO "release_outcomes" ("domain_name", "release_date", "tld", "length", "name_chars", "listed_on", "renewed_on", "released_at", "last_free_at", "taken_at")
SELECT d.name, d.release_date, d.tld, d.length, d.name_chars,
       least((d.created_at at time zone 'UTC')::date, d.release_date),
       CASE WHEN d.status = 'renewed' THEN least((d.updated_at at time zone 'UTC')::date, d.release_date) END,
       CASE WHEN d.status IN ('available', 'registered') THEN (d.release_date + time '04:00') at time zone 'UTC' END,
       CASE WHEN d.status = 'available' THEN d.last_checked_at END,
       CASE WHEN d.status = 'registered' THEN d.taken_at END
  FROM "domains" d
 WHERE d.release_date IS NOT NULL
   AND (d.status IN ('soonavailable', 'renewed') OR (d.status IN ('available', 'registered') AND d.release_date <= (now() at time zone 'UTC')::date));
