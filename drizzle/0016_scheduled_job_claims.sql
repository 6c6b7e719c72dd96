-- Each occurrence of a job's schedule runs once, across every app instance (decision 0007).
-- pg-boss already sends a schedule's occurrence once; a CI run of the two-instance test still
-- saw an every-minute schedule run twice in one minute, 30 s apart (one per instance's cron
-- pass). The worker now claims the occurrence here first: the second job for the same
-- occurrence finds it claimed by another pg-boss job and does nothing. A retry of the same
-- pg-boss job keeps its claim.
CREATE TABLE IF NOT EXISTS "scheduled_job_claims" (
	"job" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"boss_job_id" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_job_claims_pkey" PRIMARY KEY("job","scheduled_for")
);
