-- Exact totals for the backoffice list (docs/decisions/0015-backoffice-totals.md). The list filters
-- on TLD, status, release date, length and character class; at a million names those five values
-- take about 30,000 combinations. domain_filter_counts holds how many names have each one, so any
-- mix of those filters is a sum over at most that many small rows, whatever the number of names.
--
-- Writers only append: statement triggers on domains add one row per combination a statement
-- changed to domain_filter_count_changes (signed), as domain_list_counts does (decision 11), so no
-- writer waits for another. A total is the sum over both tables. Now and then the changes are
-- folded into domain_filter_counts by one transaction at a time (a transaction-level advisory
-- lock, tried, never waited for): it alone updates those rows, so nobody waits for its row locks
-- and two folds cannot deadlock.
--
-- Writes to domains are held off while the triggers are created and the names counted.
LOCK TABLE "domains" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "domain_filter_counts" (
	"tld" text NOT NULL,
	"status" text NOT NULL,
	"release_date" date,
	"length" integer NOT NULL,
	"name_chars" smallint NOT NULL,
	"n" bigint NOT NULL
) WITH (
	-- A fold rewrites counts in place: with room on each page and "n" in no index, the new
	-- version stays on its page (a HOT update), so the table and its key do not bloat between vacuums.
	fillfactor = 50,
	autovacuum_vacuum_scale_factor = 0,
	autovacuum_vacuum_threshold = 5000
);--> statement-breakpoint
CREATE UNIQUE INDEX "domain_filter_counts_key" ON "domain_filter_counts" ("tld", "status", "release_date", "length", "name_chars") NULLS NOT DISTINCT;--> statement-breakpoint
-- Rows come and go by the thousand, and every total scans what is left of this table: vacuumed
-- after every 5,000 dead rows instead of PostgreSQL's default of a fifth of the (here tiny) table.
CREATE TABLE "domain_filter_count_changes" (
	"tld" text NOT NULL,
	"status" text NOT NULL,
	"release_date" date,
	"length" integer NOT NULL,
	"name_chars" smallint NOT NULL,
	"n" bigint NOT NULL
) WITH (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000);--> statement-breakpoint
CREATE FUNCTION "domain_filter_counts_fold"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	-- Under REPEATABLE READ a change row folded by a transaction committed after this one's snapshot
	-- would fail the statement; such writers only append. Another transaction folding: leave it to it.
	IF current_setting('transaction_isolation') <> 'read committed' OR NOT pg_try_advisory_xact_lock(7240413) THEN
		RETURN;
	END IF;
	WITH "moved" AS (
		DELETE FROM "domain_filter_count_changes"
		WHERE ctid = ANY (ARRAY(SELECT ctid FROM "domain_filter_count_changes" FOR UPDATE SKIP LOCKED))
		RETURNING "tld", "status", "release_date", "length", "name_chars", "n"
	)
	INSERT INTO "domain_filter_counts" AS "c" ("tld", "status", "release_date", "length", "name_chars", "n")
	SELECT "tld", "status", "release_date", "length", "name_chars", sum("n") FROM "moved"
	GROUP BY "tld", "status", "release_date", "length", "name_chars" HAVING sum("n") <> 0
	ON CONFLICT ("tld", "status", "release_date", "length", "name_chars") DO UPDATE SET "n" = "c"."n" + excluded."n";
	-- The combinations that reached zero (names of a past release date that all moved on). No index
	-- on "n": it would make every fold's update a non-HOT one; the table is ~30,000 small rows.
	DELETE FROM "domain_filter_counts" WHERE "n" = 0;
END
$$;--> statement-breakpoint
-- After each statement: fold once 2,000 change rows have gathered (a few statements of an import).
CREATE FUNCTION "domain_filter_counts_fold_when_long"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF (SELECT count(*) FROM (SELECT 1 FROM "domain_filter_count_changes" LIMIT 2001) AS "some") > 2000 THEN
		PERFORM "domain_filter_counts_fold"();
	END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "domain_filter_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "domain_filter_count_changes" ("tld", "status", "release_date", "length", "name_chars", "n")
	SELECT "tld", "status", "release_date", "length", "name_chars", count(*) FROM "inserted_rows"
	GROUP BY "tld", "status", "release_date", "length", "name_chars";
	PERFORM "domain_filter_counts_fold_when_long"();
	RETURN NULL;
END
$$;--> statement-breakpoint
-- An update that moves no name between combinations (a score, a check time, a description) adds nothing.
CREATE FUNCTION "domain_filter_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "domain_filter_count_changes" ("tld", "status", "release_date", "length", "name_chars", "n")
	SELECT "tld", "status", "release_date", "length", "name_chars", sum("change") FROM (
		SELECT "tld", "status", "release_date", "length", "name_chars", 1 AS "change" FROM "new_rows"
		UNION ALL
		SELECT "tld", "status", "release_date", "length", "name_chars", -1 FROM "old_rows"
	) AS "moved"
	GROUP BY "tld", "status", "release_date", "length", "name_chars" HAVING sum("change") <> 0;
	PERFORM "domain_filter_counts_fold_when_long"();
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "domain_filter_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "domain_filter_count_changes" ("tld", "status", "release_date", "length", "name_chars", "n")
	SELECT "tld", "status", "release_date", "length", "name_chars", -count(*) FROM "deleted_rows"
	GROUP BY "tld", "status", "release_date", "length", "name_chars";
	PERFORM "domain_filter_counts_fold_when_long"();
	RETURN NULL;
END
$$;--> statement-breakpoint
-- TRUNCATE holds domains exclusively, so no other transaction has uncommitted rows here.
CREATE FUNCTION "domain_filter_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "domain_filter_count_changes";
	DELETE FROM "domain_filter_counts";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "domain_filter_counts_insert" AFTER INSERT ON "domains"
	REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "domain_filter_counts_after_insert"();--> statement-breakpoint
CREATE TRIGGER "domain_filter_counts_update" AFTER UPDATE ON "domains"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "domain_filter_counts_after_update"();--> statement-breakpoint
CREATE TRIGGER "domain_filter_counts_delete" AFTER DELETE ON "domains"
	REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "domain_filter_counts_after_delete"();--> statement-breakpoint
CREATE TRIGGER "domain_filter_counts_truncate" AFTER TRUNCATE ON "domains"
	FOR EACH STATEMENT EXECUTE FUNCTION "domain_filter_counts_after_truncate"();--> statement-breakpoint
INSERT INTO "domain_filter_counts" ("tld", "status", "release_date", "length", "name_chars", "n")
SELECT "tld", "status", "release_date", "length", "name_chars", count(*) FROM "domains"
GROUP BY "tld", "status", "release_date", "length", "name_chars";--> statement-breakpoint
-- Counting is what domains_admin_filter_idx was for (migration 0011); every write paid for it.
DROP INDEX IF EXISTS "domains_admin_filter_idx";
