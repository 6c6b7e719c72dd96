-- The catch-risk forecast (decision 0078): the counts it
-- predicts from, per group of similar names, and its calibration on earlier days. Both are replaced
-- by the statistics job (part "catch-risk").
CREATE TABLE "stats_catch_risk_calibration" (
	"tenth" smallint PRIMARY KEY NOT NULL,
	"names" integer NOT NULL,
	"predicted" double precision NOT NULL,
	"caught" integer NOT NULL,
	"brier" double precision NOT NULL,
	"baseline_brier" double precision NOT NULL,
	"judged_days" integer NOT NULL,
	"first_judged_day" date,
	"last_judged_day" date
);
--> statement-breakpoint
CREATE TABLE "stats_catch_risk_cells" (
	"tld" "domain_tld" NOT NULL,
	"length_group" text NOT NULL,
	"char_group" text NOT NULL,
	"score_band" text NOT NULL,
	"word_group" text NOT NULL,
	"names" integer NOT NULL,
	"caught" integer NOT NULL,
	CONSTRAINT "stats_catch_risk_cells_pkey" PRIMARY KEY("tld","length_group","char_group","score_band","word_group")
);
