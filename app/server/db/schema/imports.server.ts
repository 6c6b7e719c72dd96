import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import {
  IMPORT_RUN_STATES,
  PAST_DATED_LIST_STATES,
  JOB_RUN_STATES,
  TLD_IMPORT_CHANGE_ACTIONS,
  type ImportRunRow,
  type JobRunRow,
  type TldImportChangeRow,
  type TldImportRow,
  type TldImportSettings,
} from "~/domain/backoffice-rows";

/**
 * Where a TLD's release list is fetched from: its complete list, so at most
 * one enabled configuration per TLD (migration 0022). The hourly check keeps
 * the list's validators and hash here to import only a list that changed
 * (check-release-lists.server.ts).
 */
export const tldImports = pgTable(
  "tld_imports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tld: text("tld").notNull(),
    url: text("url").notNull(),
    /** Disabled configurations are kept but neither checked nor imported by the schedule. */
    enabled: boolean("enabled").notNull().default(true),
    lastImport: timestamp("last_import", { withTimezone: true }),
    /** The ETag and Last-Modified the server sent with the list last imported, if any. */
    etag: text("etag"),
    lastModified: text("last_modified"),
    /** SHA-256 (hex) of the list last imported: a list whose server sends no validators is compared by content. */
    contentHash: text("content_hash"),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    /** When a list different from the one before was first seen. */
    lastChangedAt: timestamp("last_changed_at", { withTimezone: true }),
    /** Why the latest check failed; null once one succeeds. */
    lastCheckError: text("last_check_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("tld_imports_tld_idx").on(table.tld),
    uniqueIndex("tld_imports_one_enabled_per_tld")
      .on(table.tld)
      .where(sql`${table.enabled}`),
  ],
);

/** Each change of a configuration: who (an administrator, or a migration), when, and what it was before and after. */
export const tldImportChanges = pgTable(
  "tld_import_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key: the record outlives a deleted configuration.
    tldImportId: integer("tld_import_id").notNull(),
    action: text("action", { enum: TLD_IMPORT_CHANGE_ACTIONS }).notNull(),
    before: jsonb("before").$type<TldImportSettings>(),
    after: jsonb("after").$type<TldImportSettings>(),
    /** The administrator's user id. */
    changedById: text("changed_by_id"),
    /** Who, as shown: the administrator's e-mail address, or the migration that made the change. */
    changedBy: text("changed_by").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("tld_import_changes_action_check", sql`${table.action} in ('added', 'updated', 'deleted')`)],
);

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
    /** The list was read as the TLD's complete list (renewals), and an administrator applied it past the sanity threshold. */
    completeList: boolean("complete_list").notNull().default(false),
    forceComplete: boolean("force_complete").notNull().default(false),
    /** A past-dated list: held (nothing written) or applied anyway by an administrator; null otherwise. */
    pastDatedList: text("past_dated_list", { enum: PAST_DATED_LIST_STATES }),
    /** A run that succeeded but applied no renewals, or held a past-dated list, says why, in words. */
    warning: text("warning"),
    errors: jsonb("errors").$type<string[]>().notNull().default([]),
    errorMessage: text("error_message"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    check("import_runs_state_check", sql`${table.state} in ('running', 'succeeded', 'partly_failed', 'failed')`),
    check("import_runs_past_dated_list_check", sql`${table.pastDatedList} in ('held', 'applied')`),
    index("import_runs_started_idx").on(table.startedAt.desc()),
    index("import_runs_applied_complete_idx")
      .on(table.tld, table.id)
      .where(sql`${table.completeList} and ${table.state} in ('succeeded', 'partly_failed') and ${table.warning} is null`),
  ],
);

/**
 * The entries a run rejected, each with its place in the list, the entry as
 * listed (cut short) and why: the backoffice's "Download rejected entries
 * (CSV)" (the run's `errors` keep only the first few for its summary).
 */
export const importRejections = pgTable(
  "import_rejections",
  {
    runId: integer("run_id")
      .notNull()
      .references(() => importRuns.id, { onDelete: "cascade" }),
    /** The list's own numbering from 1: "Line 7" in TXT, "Item 7" in JSON. */
    position: integer("position").notNull(),
    entry: text("entry").notNull(),
    reason: text("reason").notNull(),
  },
  (table) => [primaryKey({ name: "import_rejections_pkey", columns: [table.runId, table.position] })],
);

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
    /** Pieces of work that themselves partly failed (a list imported with rejected entries); null for a job that does not count them. */
    partlyFailedCount: integer("partly_failed_count"),
    errorMessage: text("error_message"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    check("job_runs_state_check", sql`${table.state} in ('running', 'succeeded', 'partly_failed', 'failed')`),
    index("job_runs_job_started_idx").on(table.job, table.startedAt.desc()),
  ],
);

/** One object type of A's properties: `X & Y` and the same properties written out compare equal. */
type Flat<A> = { [Key in keyof A]: A[Key] };
/** True when A and B are the same type, property for property (the usual exact-equality test). */
type Same<A, B> = (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;
type MustHold<Check extends true> = Check;

/**
 * app/domain/backoffice-rows.ts spells these tables' rows out for the
 * backoffice's components, which never import the schema: this fails to
 * compile as soon as a table and its shape there differ.
 */
export type RowShapesMatchTables = [
  MustHold<Same<typeof tldImports.$inferSelect, TldImportRow>>,
  MustHold<Same<typeof tldImportChanges.$inferSelect, TldImportChangeRow>>,
  MustHold<Same<typeof importRuns.$inferSelect, ImportRunRow>>,
  MustHold<Same<typeof jobRuns.$inferSelect, JobRunRow>>,
];

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
