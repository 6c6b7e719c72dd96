-- Release lists that cannot silently wreck the data (decision 0023; docs/product.md,
-- "Release lists and imports").
--
-- One enabled configuration per TLD. Every configured URL is imported as the TLD's
-- complete list, so a second one (a partial list by mistake) would mark every name
-- missing from it renewed. An existing database may hold several: the oldest of each
-- TLD stays enabled and the others are disabled here (recorded in the change history
-- below), so the unique index can be built and the server still starts.
ALTER TABLE "tld_imports" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The hourly check's conditional request: the validators and content hash of the list
-- last imported, when it was last checked and last changed, and why a check failed.
ALTER TABLE "tld_imports" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "tld_imports" ADD COLUMN "last_modified" text;--> statement-breakpoint
ALTER TABLE "tld_imports" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "tld_imports" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tld_imports" ADD COLUMN "last_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tld_imports" ADD COLUMN "last_check_error" text;--> statement-breakpoint
-- Who changed a configuration and when (kept after the configuration is deleted).
CREATE TABLE "tld_import_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tld_import_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tld_import_id" integer NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"changed_by_id" text,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tld_import_changes_action_check" CHECK ("action" in ('added', 'updated', 'deleted'))
);--> statement-breakpoint
WITH surplus AS (
  UPDATE "tld_imports" t SET "enabled" = false
   WHERE EXISTS (SELECT 1 FROM "tld_imports" older
                  WHERE older."tld" = t."tld" AND (older."created_at", older."id") < (t."created_at", t."id"))
  RETURNING t."id", t."tld", t."url"
)
INSERT INTO "tld_import_changes" ("tld_import_id", "action", "before", "after", "changed_by")
SELECT "id", 'updated',
       jsonb_build_object('tld', "tld", 'url', "url", 'enabled', true),
       jsonb_build_object('tld', "tld", 'url', "url", 'enabled', false),
       'migration 0022 (a second configuration of the TLD)'
  FROM surplus;--> statement-breakpoint
CREATE UNIQUE INDEX "tld_imports_one_enabled_per_tld" ON "tld_imports" USING btree ("tld") WHERE "enabled";--> statement-breakpoint
-- Import runs: whether the list was read as the TLD's complete list, whether an
-- administrator applied it as complete past the sanity threshold, and the warning
-- (in words) of a run whose renewals were not applied. Runs of a configured URL
-- were complete lists.
ALTER TABLE "import_runs" ADD COLUMN "complete_list" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "force_complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "warning" text;--> statement-breakpoint
UPDATE "import_runs" SET "complete_list" = true
 WHERE "tld_import_id" IS NOT NULL AND "trigger" <> 'upload' AND "source" NOT LIKE 'upload:%';--> statement-breakpoint
-- The previous complete list of a TLD whose renewals were applied (the threshold's "previous list").
CREATE INDEX "import_runs_applied_complete_idx" ON "import_runs" USING btree ("tld", "id")
  WHERE "complete_list" AND "state" = 'succeeded' AND "warning" IS NULL;
