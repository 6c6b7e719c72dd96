-- The release morning, measured (docs/product.md, "The release morning, measured"; decision 0031).
--
-- das_answer_runs: the registry's answers about a name on its release morning, as runs of equal
-- answers (first and last time asked, how many times): every answer is kept, a round that repeats
-- the previous answer lengthens its run instead of adding a row. The first "free" run is when the
-- name was first seen free, the run before it says since when it was not; likewise for a catch.
CREATE TABLE "das_answer_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "das_answer_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_date" date NOT NULL,
	"domain_name" text COLLATE "C" NOT NULL,
	"answer" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"answers" integer NOT NULL,
	CONSTRAINT "das_answer_runs_answer_check" CHECK ("answer" in ('free', 'occupied', 'not_valid', 'error'))
);--> statement-breakpoint
CREATE INDEX "das_answer_runs_day_name_idx" ON "das_answer_runs" USING btree ("release_date", "domain_name", "first_at");--> statement-breakpoint
-- One row per release morning: its rounds so far and whether the checking is behind (the board says so).
CREATE TABLE "release_mornings" (
	"release_date" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_round_at" timestamp with time zone,
	"rounds" integer DEFAULT 0 NOT NULL,
	-- Set while rounds fail (the registry down, slow or answering nonsense), cleared by a good round.
	"delayed_since" timestamp with time zone,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
-- The availability service's request slots, shared by every instance and by both the regular check
-- and the morning rounds: one row, the next free slot; each request takes one (DAS_RATE_PER_SECOND).
CREATE TABLE "das_rate_limit" (
	"id" integer PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone NOT NULL,
	CONSTRAINT "das_rate_limit_one_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "das_rate_limit" ("id", "next_slot_at") VALUES (1, '-infinity');
