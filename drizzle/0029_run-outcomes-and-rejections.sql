CREATE TABLE "import_rejections" (
	"run_id" integer NOT NULL,
	"position" integer NOT NULL,
	"entry" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "import_rejections_pkey" PRIMARY KEY("run_id","position")
);
--> statement-breakpoint
ALTER TABLE "import_runs" DROP CONSTRAINT "import_runs_state_check";--> statement-breakpoint
DROP INDEX "import_runs_applied_complete_idx";--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "partly_failed_count" integer;--> statement-breakpoint
ALTER TABLE "import_rejections" ADD CONSTRAINT "import_rejections_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_runs_applied_complete_idx" ON "import_runs" USING btree ("tld","id") WHERE "import_runs"."complete_list" and "import_runs"."state" in ('succeeded', 'partly_failed') and "import_runs"."warning" is null;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_state_check" CHECK ("import_runs"."state" in ('running', 'succeeded', 'partly_failed', 'failed'));