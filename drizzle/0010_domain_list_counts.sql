-- List totals kept exact by the database (docs/decisions/0011-list-totals-kept-by-triggers.md).
-- domain_list_counts holds signed numbers of domains per (status, is_featured): a total is the sum
-- of its key's rows. Writers only ever INSERT rows here (one per key a statement changed), so no
-- writer waits for another's row lock: a 10-second import does not hold up an admin edit, and
-- no two writers can deadlock on it. The rows are folded into one per key now and then.
-- Writes to domains are held off while the triggers are created and the totals counted, so no
-- change falls between the count and the first trigger.
LOCK TABLE "domains" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "domain_list_counts" (
	"status" text NOT NULL,
	"is_featured" boolean NOT NULL,
	"n" bigint NOT NULL
);--> statement-breakpoint
-- Folds the rows no one else is folding into one per key (SKIP LOCKED: it never waits, and the
-- sum of each key is the same before and after, for every snapshot). Writers call it once the
-- table has more than 64 rows; only under READ COMMITTED, where a row folded by a concurrent
-- transaction is skipped instead of failing the statement with a serialization error.
CREATE FUNCTION "domain_list_counts_fold"() RETURNS void LANGUAGE sql AS $$
	WITH "folded" AS (
		DELETE FROM "domain_list_counts"
		WHERE ctid = ANY (ARRAY(SELECT ctid FROM "domain_list_counts" FOR UPDATE SKIP LOCKED))
		RETURNING "status", "is_featured", "n"
	)
	INSERT INTO "domain_list_counts" ("status", "is_featured", "n")
	SELECT "status", "is_featured", sum("n") FROM "folded" GROUP BY "status", "is_featured" HAVING sum("n") <> 0
$$;--> statement-breakpoint
CREATE FUNCTION "domain_list_counts_fold_when_long"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('transaction_isolation') = 'read committed'
		AND (SELECT count(*) FROM (SELECT 1 FROM "domain_list_counts" LIMIT 65) AS "some") > 64 THEN
		PERFORM "domain_list_counts_fold"();
	END IF;
END
$$;--> statement-breakpoint
-- One function per event: a trigger with transition tables has exactly one event. Each reads the
-- statement's rows once, in one GROUP BY, and writes at most one row per key.
CREATE FUNCTION "domain_list_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "domain_list_counts" ("status", "is_featured", "n")
	SELECT "status", "is_featured", count(*) FROM "inserted_rows" GROUP BY "status", "is_featured";
	PERFORM "domain_list_counts_fold_when_long"();
	RETURN NULL;
END
$$;--> statement-breakpoint
-- An update that moves no name between keys (a release date, a score, a check time) adds nothing.
CREATE FUNCTION "domain_list_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "domain_list_counts" ("status", "is_featured", "n")
	SELECT "status", "is_featured", sum("change") FROM (
		SELECT "status", "is_featured", 1 AS "change" FROM "new_rows"
		UNION ALL
		SELECT "status", "is_featured", -1 FROM "old_rows"
	) AS "moved"
	GROUP BY "status", "is_featured" HAVING sum("change") <> 0;
	PERFORM "domain_list_counts_fold_when_long"();
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "domain_list_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "domain_list_counts" ("status", "is_featured", "n")
	SELECT "status", "is_featured", -count(*) FROM "deleted_rows" GROUP BY "status", "is_featured";
	PERFORM "domain_list_counts_fold_when_long"();
	RETURN NULL;
END
$$;--> statement-breakpoint
-- TRUNCATE holds domains exclusively, so no other transaction has uncommitted counts rows.
CREATE FUNCTION "domain_list_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "domain_list_counts";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "domain_list_counts_insert" AFTER INSERT ON "domains"
	REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "domain_list_counts_after_insert"();--> statement-breakpoint
CREATE TRIGGER "domain_list_counts_update" AFTER UPDATE ON "domains"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "domain_list_counts_after_update"();--> statement-breakpoint
CREATE TRIGGER "domain_list_counts_delete" AFTER DELETE ON "domains"
	REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "domain_list_counts_after_delete"();--> statement-breakpoint
CREATE TRIGGER "domain_list_counts_truncate" AFTER TRUNCATE ON "domains"
	FOR EACH STATEMENT EXECUTE FUNCTION "domain_list_counts_after_truncate"();--> statement-breakpoint
INSERT INTO "domain_list_counts" ("status", "is_featured", "n")
SELECT "status", "is_featured", count(*) FROM "domains" GROUP BY "status", "is_featured";
