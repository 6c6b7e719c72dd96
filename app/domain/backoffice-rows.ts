// The rows the backoffice shows, as plain shapes: the server reads them and
// the backoffice's components render them, and neither side owns them. Those
// of a whole table (TLD import configurations, their changes, import runs,
// job runs) are checked against the table's own row type in
// app/server/db/schema/imports.server.ts, so the two cannot drift apart.

/** A name's row on the Domains tab. */
export type AdminDomainRow = {
  name: string;
  unicodeName: string;
  tld: string;
  status: string;
  isFeatured: boolean;
  length: number;
  score: number;
  releaseDate: string | null;
  description: string | null;
};

export type AdminDomainList = {
  domains: AdminDomainRow[];
  /**
   * Exact number of names matching the filters (never estimated: docs/decisions/0024).
   * Without search text it is known at once (domain_filter_counts). With it,
   * counting reads every match, which for a term in tens of thousands of
   * names takes longer than the page: a count not known yet follows as a
   * promise, which the page streams in when it settles; the rows never wait
   * for it.
   */
  totalCount: number | Promise<number>;
};

/** A premium name's row on the Premium tab. */
export type PremiumDomainRow = {
  name: string;
  unicodeName: string;
  price: number | null;
  description: string | null;
  /** How many users watch it (bookmarked it): deleting the name keeps their watches. */
  bookmarkCount: number;
};

/** A user's row on the Users tab. */
export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  role: string | null;
  createdAt: Date;
  updatedAt: Date;
  suspended: boolean;
  suspendedAt: Date | null;
  /** The administrator who suspended the user; null once that account is deleted. */
  suspendedBy: string | null;
};

/** Where a TLD's release list is fetched from (table tld_imports). */
export type TldImportRow = {
  id: number;
  tld: string;
  url: string;
  /** Disabled configurations are kept but neither checked nor imported by the schedule. */
  enabled: boolean;
  lastImport: Date | null;
  /** The ETag and Last-Modified the server sent with the list last imported, if any. */
  etag: string | null;
  lastModified: string | null;
  /** SHA-256 (hex) of the list last imported: a list whose server sends no validators is compared by content. */
  contentHash: string | null;
  lastCheckedAt: Date | null;
  /** When a list different from the one before was first seen. */
  lastChangedAt: Date | null;
  /** Why the latest check failed; null once one succeeds. */
  lastCheckError: string | null;
  createdAt: Date;
};

/** What a change record keeps of a configuration. */
export type TldImportSettings = { tld: string; url: string; enabled: boolean };

export const TLD_IMPORT_CHANGE_ACTIONS = ["added", "updated", "deleted"] as const;

/** One change of a configuration (table tld_import_changes): who, when, and what it was before and after. */
export type TldImportChangeRow = {
  id: number;
  tldImportId: number;
  action: (typeof TLD_IMPORT_CHANGE_ACTIONS)[number];
  before: TldImportSettings | null;
  after: TldImportSettings | null;
  /** The administrator's user id. */
  changedById: string | null;
  /** Who, as shown: the administrator's e-mail address, or the migration that made the change. */
  changedBy: string;
  changedAt: Date;
};

/**
 * Running, then the run's outcome (docs/product.md, "A run's outcome"): a
 * list written with some entries rejected is partly failed, one whose every
 * entry was rejected failed, as a list that could not be read at all.
 */
export const IMPORT_RUN_STATES = ["running", "succeeded", "partly_failed", "failed"] as const;

/**
 * A past-dated list (most of its release dates before the import day): "held" when the run wrote
 * nothing and says why, "applied" when an administrator applied it anyway (docs/product.md,
 * "Release lists and imports").
 */
export const PAST_DATED_LIST_STATES = ["held", "applied"] as const;

/** What an import counted, exactly as the database counted it: the import's summary and its run's row. */
export type ImportCounts = {
  /** Entries in the list. */
  total: number;
  /** Entries written: inserted + updated. */
  processed: number;
  inserted: number;
  updated: number;
  /** Entries skipped (see `errors`); total = processed + failed. */
  failed: number;
  /** Soon-available names of the list's TLD that left the list before release. */
  renewed: number;
  /** Why a complete list's renewals were not applied (the sanity threshold, a broken list), in words; else null. */
  warning: string | null;
  /** The first skipped entries' reasons. */
  errors: string[];
};

/** One import run (table import_runs): who started it, its progress while it runs, and its summary. */
export type ImportRunRow = ImportCounts & {
  id: number;
  tldImportId: number | null;
  tld: string | null;
  source: string;
  trigger: string;
  startedBy: string | null;
  state: (typeof IMPORT_RUN_STATES)[number];
  /** The list was read as the TLD's complete list (renewals), and an administrator applied it past the sanity threshold. */
  completeList: boolean;
  forceComplete: boolean;
  /** Whether the list was past-dated: held (nothing written), or applied anyway; null for a list of dates ahead. */
  pastDatedList: (typeof PAST_DATED_LIST_STATES)[number] | null;
  errorMessage: string | null;
  startedAt: Date;
  finishedAt: Date | null;
};

/** An import run as the backoffice shows it. */
export type ImportRunView = ImportRunRow & {
  /** 0-100 for a progress bar: entries written or skipped out of the list's total. */
  percent: number;
  /** The backoffice may offer "Apply as complete" (canApplyAsComplete). */
  applicableAsComplete: boolean;
  /** The backoffice may offer "Apply anyway" on a held past-dated list (canApplyAnyway). */
  applicableAnyway: boolean;
};

/** Running, then the run's outcome: RUN_OUTCOMES of app/domain/run-outcome.ts (migration 0020). */
export const JOB_RUN_STATES = ["running", "succeeded", "partly_failed", "failed"] as const;

/** One run of a maintenance job (table job_runs). */
export type JobRunRow = {
  id: number;
  job: string;
  trigger: string;
  state: (typeof JOB_RUN_STATES)[number];
  result: unknown;
  /** What the run counted as done and as failed (imports, names checked, mails); null for a job that does not count. */
  succeededCount: number | null;
  failedCount: number | null;
  /** Pieces of work that partly failed (a list imported with rejected entries); null for a job that does not count them. */
  partlyFailedCount: number | null;
  errorMessage: string | null;
  startedAt: Date;
  finishedAt: Date | null;
};
