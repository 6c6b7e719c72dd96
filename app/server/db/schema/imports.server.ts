import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Where a TLD's release list is fetched from (spec §3 "TLD import configuration"). */
export const tldImports = pgTable(
  "tld_imports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tld: text("tld").notNull(),
    url: text("url").notNull(),
    lastImport: timestamp("last_import", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("tld_imports_tld_idx").on(table.tld)],
);

export type TldImportRow = typeof tldImports.$inferSelect;

export const IMPORT_RUN_STATES = ["running", "succeeded", "failed"] as const;

/** One import run: who started it, its real progress while it runs, and its exact summary. */
export const importRuns = pgTable(
  "import_runs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tldImportId: integer("tld_import_id").references(() => tldImports.id, { onDelete: "set null" }),
    tld: text("tld"),
    source: text("source").notNull(),
    trigger: text("trigger").notNull(),
    startedBy: text("started_by"),
    state: text("state", { enum: IMPORT_RUN_STATES }).notNull().default("running"),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    inserted: integer("inserted").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    renewed: integer("renewed").notNull().default(0),
    errors: jsonb("errors").$type<string[]>().notNull().default([]),
    errorMessage: text("error_message"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    check("import_runs_state_check", sql`${table.state} in ('running', 'succeeded', 'failed')`),
    index("import_runs_started_idx").on(table.startedAt.desc()),
  ],
);

export type ImportRunRow = typeof importRuns.$inferSelect;

/** Running, then the run's outcome: RUN_OUTCOMES of app/domain/run-outcome.ts (migration 0020). */
export const JOB_RUN_STATES = ["running", "succeeded", "partly_failed", "failed"] as const;

/** Each run of a maintenance job, so the backoffice can say when it last ran and how it went. */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    job: text("job").notNull(),
    trigger: text("trigger").notNull(),
    state: text("state", { enum: JOB_RUN_STATES }).notNull().default("running"),
    result: jsonb("result"),
    /** What the run counted as done and as failed (imports, names checked, mails); null for a job that does not count. */
    succeededCount: integer("succeeded_count"),
    failedCount: integer("failed_count"),
    errorMessage: text("error_message"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    check("job_runs_state_check", sql`${table.state} in ('running', 'succeeded', 'partly_failed', 'failed')`),
    index("job_runs_job_started_idx").on(table.job, table.startedAt.desc()),
  ],
);

export type JobRunRow = typeof jobRuns.$inferSelect;

/**
 * Which pg-boss job runs each occurrence of a schedule: the first to claim it
 * (claim-scheduled-run.server.ts, migration 0016), so an occurrence runs once
 * however many app instances receive a job for it.
 */
export const scheduledJobClaims = pgTable(
  "scheduled_job_claims",
  {
    job: text("job").notNull(),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }).notNull(),
    bossJobId: text("boss_job_id").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: "scheduled_job_claims_pkey", columns: [table.job, table.scheduledFor] })],
);
