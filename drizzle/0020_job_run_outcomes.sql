-- A maintenance run's outcome (docs/product.md, "A run's outcome"): succeeded when nothing
-- failed, partly failed when some of its work failed, failed when nothing succeeded or it threw.
-- Until now a run that finished was 'succeeded' whatever its counts said: "Run TLD Imports"
-- with 0 of 18 imports successful, or an availability check with 25 errors of 25.
ALTER TABLE "job_runs" ADD COLUMN "succeeded_count" integer;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "failed_count" integer;--> statement-breakpoint
-- Past runs get the counts their stored results hold (the jobs' tally functions in app/server/jobs/)
-- and the outcome those counts mean, so the history reads the same as new runs. A run whose
-- result holds no counts keeps its state.
UPDATE "job_runs" SET "succeeded_count" = ("result"->>'successful')::int, "failed_count" = ("result"->>'failed')::int
 WHERE "job" = 'tld-imports' AND "state" = 'succeeded'
   AND jsonb_typeof("result"->'successful') = 'number' AND jsonb_typeof("result"->'failed') = 'number';--> statement-breakpoint
UPDATE "job_runs" SET "succeeded_count" = ("result"->>'processed')::int - ("result"->>'errors')::int, "failed_count" = ("result"->>'errors')::int
 WHERE "job" = 'availability-check' AND "state" = 'succeeded'
   AND jsonb_typeof("result"->'processed') = 'number' AND jsonb_typeof("result"->'errors') = 'number';--> statement-breakpoint
UPDATE "job_runs" SET "succeeded_count" = ("result"->>'sent')::int, "failed_count" = ("result"->>'retrying')::int + ("result"->>'failed')::int
 WHERE "job" = 'deliver-email' AND "state" = 'succeeded'
   AND jsonb_typeof("result"->'sent') = 'number' AND jsonb_typeof("result"->'retrying') = 'number'
   AND jsonb_typeof("result"->'failed') = 'number';--> statement-breakpoint
UPDATE "job_runs" SET "state" = CASE WHEN "failed_count" = 0 THEN 'succeeded' WHEN "succeeded_count" = 0 THEN 'failed' ELSE 'partly_failed' END
 WHERE "state" = 'succeeded' AND "failed_count" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_state_check" CHECK ("job_runs"."state" in ('running', 'succeeded', 'partly_failed', 'failed'));
