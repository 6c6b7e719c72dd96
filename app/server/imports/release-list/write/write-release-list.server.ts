import { pastDatedDates } from "~/domain/release-morning";
import { scoreName } from "~/domain/score";
import { todayUtc } from "~/domain/utc-dates";
import { nameCharBits } from "~/domain/name-chars";
import { nameSearchKeys } from "~/domain/search-keys";
import { wordClassOf, type WordIndex } from "~/domain/swedish-words";
import type { DatabaseHandle } from "~/server/db/client.server";
import { withTransaction, type TransactionQuery } from "~/server/db/with-transaction.server";
import { loadSwedishWordIndex } from "~/server/scoring/swedish-words.server";
import { classifyAndBeginBulkLoad, MIN_BULK_LOAD_NAMES } from "./bulk-load-domains.server";
import type { ImportPhase, PhaseClock } from "~/server/imports/release-list/runs/import-phases.server";
import {
  completeImportRun,
  createProgressReporter,
  importOutcome,
  type ImportSummary,
} from "~/server/imports/release-list/runs/import-run-record.server";
import { countRenewable, readRenewals } from "./mark-renewed-domains.server";
import type { ParsedReleaseList } from "~/server/imports/release-list/parse/parse-release-list.server";
import type { ListVersion } from "~/server/imports/release-list/source/read-release-list-source.server";
import type { ReleaseListEntry } from "~/server/imports/release-list/parse/release-list-entries.server";
import {
  encodeReleaseEntries,
  insertNewReleaseEntries,
  NAME_CLASS,
  upsertReleaseEntries,
  type EncodedReleaseEntries,
  type ReleaseEntryColumns,
} from "./upsert-release-entries.server";

/**
 * Rows per statement: large enough that PostgreSQL does the work in bulk,
 * small enough for steady progress, and small enough that no list of a batch
 * is one of V8's large objects (over 128 KB), which only a full collection
 * frees (see array-literal.server.ts).
 */
export const DEFAULT_BATCH_SIZE = 10_000;

// Any fixed number: imports take turns, so two lists never interleave their writes or renewals.
const IMPORT_LOCK_KEY = 7_240_412;

export type WriteOptions = {
  runId: number;
  now: Date;
  /** The list's TLD; with `completeList`, names of it missing from the list are checked for renewal. */
  tld?: string;
  completeList?: boolean;
  /** Renewals are applied past the sanity threshold (an administrator's "apply as complete"). */
  forceComplete?: boolean;
  /** A past-dated list is written all the same (an administrator's "Apply anyway", the CLI's --apply-past-dated). */
  applyPastDated?: boolean;
  tldImportId?: number | null;
  /** The downloaded list's version: kept with the configuration (when its URL is still the one read) for the hourly check. */
  listVersion?: ListVersion;
  /** Times the steps inside the transaction (import-phases.server.ts). */
  clock?: PhaseClock;
};

/** How a list is cut into statements and from how many new names it is bulk-loaded. */
export type WriteTuning = {
  batchSize: number;
  /** How many new names make a bulk load (bulk-load-domains.server.ts). */
  bulkLoadFrom: number;
  /** Runs before each batch; throwing there is a crash in the middle of an import. */
  beforeBatch?: (batchIndex: number) => void | Promise<void>;
};

const PRODUCTION_TUNING: WriteTuning = { batchSize: DEFAULT_BATCH_SIZE, bulkLoadFrom: MIN_BULK_LOAD_NAMES };
let tuning = PRODUCTION_TUNING;

/**
 * Test seam: the imports that `work` starts write with smaller batches, a
 * lower bulk-load threshold or a hook before each batch, so a test can split
 * a short list, bulk-load it, or crash it half-way; the import benchmark's
 * --batch uses it too. Production never calls it. Not for two differently
 * tuned imports at once: the tuning is this module's, and read as each
 * import begins to write.
 */
export async function withImportWritesTunedForTests<T>(changes: Partial<WriteTuning>, work: () => Promise<T>): Promise<T> {
  const previous = tuning;
  tuning = { ...tuning, ...changes };
  try {
    return await work();
  } finally {
    tuning = previous;
  }
}

/**
 * Writes a parsed list in ONE transaction: every batch, the renewals, the
 * run's summary and the configuration's last_import commit together or not
 * at all. A crash half-way leaves the previous data as it was; running the
 * import again does the whole list.
 */
export async function writeReleaseList(handle: DatabaseHandle, parsed: ParsedReleaseList, options: WriteOptions): Promise<ImportSummary> {
  const { batchSize, bulkLoadFrom, beforeBatch } = tuning;
  const source = `import:${options.runId}`;
  const progress = createProgressReporter(handle, options.runId);
  const entries = inNameOrder(parsed.entries);
  const dictionary = loadSwedishWordIndex();
  const lap = (phase: ImportPhase) => options.clock?.lap(phase);

  return withTransaction(handle, async (query) => {
    await query("select pg_advisory_xact_lock($1)", [IMPORT_LOCK_KEY]);
    const dates = pastDatedDates(
      entries.map((entry) => entry.releaseDate),
      options.now,
    );
    if (dates.pastDated && !options.applyPastDated) return holdPastDatedList(query, parsed, options, dates);
    // Renewals are read from a complete list of one TLD; its renewable names are counted before it is written.
    const completeTld = options.completeList ? options.tld : undefined;
    const renewable = completeTld ? await countRenewable(query, completeTld, options.now) : 0;
    lap("lock");
    const { classes, finishBulkLoad } = await classifyAndBeginBulkLoad(query, handle, entries, {
      now: options.now,
      minNames: bulkLoadFrom,
    });
    lap("classify");

    const batches = Math.ceil(entries.length / batchSize);
    const rowsIn = (index: number) => Math.min(batchSize, entries.length - index * batchSize);
    // A batch's columns, scored and already encoded for the database.
    const batchOf = (index: number): Batch => {
      const columns = toColumns(entries, index * batchSize, (index + 1) * batchSize, classes, dictionary);
      return {
        names: columns.names.length,
        newNames: columns.newNames,
        ...encodeReleaseEntries(query, columns, { now: options.now, source }),
      };
    };
    let inserted = 0;
    let updated = 0;
    let next = batches > 0 ? batchOf(0) : undefined;
    for (let index = 0; index < batches; index++) {
      const batch = next!;
      await beforeBatch?.(index);
      const writing = writeBatch(query, batch, finishBulkLoad !== null);
      // Scoring and encoding the next batch (CPU here) overlaps with writing this one (work in the PostgreSQL server).
      next = index + 1 < batches ? batchOf(index + 1) : undefined;
      const batchInserted = (await writing).inserted;
      // Every other name of the batch met a stored name (changed or not): it counts as updated.
      inserted += batchInserted;
      updated += rowsIn(index) - batchInserted;
      await progress.report(inserted + updated, parsed.total);
    }
    // Before the summary: the last count's write would otherwise wait for this transaction's lock on the run's row.
    await progress.settle();
    lap("write");
    await finishBulkLoad?.();
    lap("bulkLoad");

    const { renewed, warning } = completeTld
      ? await readRenewals(query, {
          runId: options.runId,
          tld: completeTld,
          listedNames: [...entries.map((entry) => entry.name), ...parsed.otherListedNames],
          names: entries.length,
          failed: parsed.failed,
          renewable,
          now: options.now,
          source,
          force: options.forceComplete,
        })
      : { renewed: 0, warning: null };
    lap("renewals");

    const counts = { total: parsed.total, processed: inserted + updated, failed: parsed.failed };
    const summary: ImportSummary = {
      runId: options.runId,
      ...counts,
      inserted,
      updated,
      renewed,
      warning,
      errors: parsed.errors,
      outcome: importOutcome(counts).outcome,
      pastDatedList: dates.pastDated ? "applied" : null,
    };
    const list = {
      completeList: Boolean(completeTld),
      forceComplete: Boolean(completeTld && options.forceComplete),
      pastDatedList: summary.pastDatedList,
    };
    await completeImportRun(query, summary, list, finishedAt(options.now));
    if (options.tldImportId) await stampConfiguration(query, options.tldImportId, options.now, options.listVersion);
    lap("summary");
    return summary;
  });
}

const finishedAt = (now: Date) => new Date(Math.max(Date.now(), now.getTime()));

/**
 * A past-dated list is held (docs/product.md, "Release lists and imports"): the run succeeds with a
 * warning and writes no name, so the names already stored stay as they are and none of the list's
 * is told free without a check. The list's version is kept, so the hourly check does not hold the
 * same list again every hour; its last import is not moved.
 */
async function holdPastDatedList(
  query: TransactionQuery,
  parsed: ParsedReleaseList,
  options: WriteOptions,
  dates: { before: number; of: number },
): Promise<ImportSummary> {
  const summary: ImportSummary = {
    runId: options.runId,
    total: parsed.total,
    processed: 0,
    inserted: 0,
    updated: 0,
    failed: parsed.failed,
    renewed: 0,
    warning: pastDatedWarning(dates, todayUtc(options.now)),
    errors: parsed.errors,
    // Held is not a failure: nothing was written, on purpose, and the warning says why.
    outcome: "succeeded",
    pastDatedList: "held",
  };
  await completeImportRun(
    query,
    summary,
    { completeList: Boolean(options.completeList && options.tld), forceComplete: false, pastDatedList: "held" },
    finishedAt(options.now),
  );
  if (options.tldImportId && options.listVersion) await stampListVersion(query, options.tldImportId, options.now, options.listVersion);
  return summary;
}

/** Why a past-dated list was held, for the backoffice and the CLI. */
export function pastDatedWarning(dates: { before: number; of: number }, today: string): string {
  return (
    `Held: ${count(dates.before)} of the list's ${count(dates.of)} release dates are before the import day (${today}), ` +
    "so it looks out of date, and its released names would read as free without a check. Nothing was imported; the names already stored are untouched. " +
    'If the list is right, import it again with "Apply anyway" (CLI: --apply-past-dated).'
  );
}

const count = (value: number) => value.toLocaleString("en-GB");

/**
 * The configuration's last import and, for a list downloaded from its URL,
 * that list's validators and hash: the hourly check imports only a list that
 * differs. "Last changed" moves when the content does.
 */
async function stampConfiguration(query: TransactionQuery, tldImportId: number, now: Date, version: ListVersion | undefined) {
  await query("update tld_imports set last_import = $2 where id = $1", [tldImportId, now]);
  if (version) await stampListVersion(query, tldImportId, now, version);
}

/** The downloaded list's validators and hash, kept when its URL is still the configuration's. */
async function stampListVersion(query: TransactionQuery, tldImportId: number, now: Date, version: ListVersion) {
  await query(
    `update tld_imports
        set etag = $3, last_modified = $4, content_hash = $5, last_checked_at = $2, last_check_error = null,
            last_changed_at = case when content_hash is distinct from $5 then $2 else last_changed_at end
      where id = $1 and url = $6`,
    [tldImportId, now, version.etag, version.lastModified, version.contentHash, version.url],
  );
}

/**
 * A batch of new names only, while a bulk load holds `domains`, is inserted
 * plainly; anything else goes through the upsert.
 */
async function writeBatch(query: TransactionQuery, batch: Batch, bulkLoad: boolean): Promise<{ inserted: number }> {
  if (batch.names === 0) return { inserted: 0 };
  if (bulkLoad && batch.newNames === batch.names) return insertNewReleaseEntries(query, batch);
  return upsertReleaseEntries(query, batch);
}

/** A batch ready to write: how many names it writes, how many of them are new, and its encoded columns. */
type Batch = EncodedReleaseEntries & { names: number; newNames: number };

/** A slice's columns and how many of its names are new. */
type BatchColumns = ReleaseEntryColumns & { newNames: number };

/** The names from..to that need a write (new or changed), with a score for the new ones and every one's word class. */
function toColumns(
  entries: ReleaseListEntry[],
  from: number,
  to: number,
  classes: { classOf(position: number): number },
  dictionary: WordIndex,
): BatchColumns {
  const names: string[] = [];
  const unicodeNames: string[] = [];
  const tlds: string[] = [];
  const lengths: number[] = [];
  const scores: (number | null)[] = [];
  const wordClasses: (number | null)[] = [];
  const releaseDates: string[] = [];
  const keysOfNames: number[][] = [];
  const nameChars: number[] = [];
  let keyCount = 0;
  let newNames = 0;
  for (let position = from; position < Math.min(to, entries.length); position++) {
    const kind = classes.classOf(position);
    if (kind === NAME_CLASS.unchanged) continue;
    const entry = entries[position];
    names.push(entry.name);
    unicodeNames.push(entry.unicodeName);
    tlds.push(entry.tld);
    lengths.push(entry.length);
    // A stored name keeps its score: it only changes with the score model, and `rescore` handles that.
    scores.push(kind === NAME_CLASS.new ? scoreName(entry.unicodeName, dictionary.words) : null);
    // Every written name's word class: a stored name without one (stored before classes were kept, or by another writer) gets it here.
    wordClasses.push(wordClassOf(entry.unicodeName, dictionary));
    if (kind === NAME_CLASS.new) newNames++;
    releaseDates.push(entry.releaseDate);
    nameChars.push(nameCharBits(entry.unicodeName, entry.name));
    // Also for a stored name: PostgreSQL runs the insert trigger before it finds the conflict, and empty keys would make it compute them.
    const keys = nameSearchKeys(entry.unicodeName, entry.name, entry.length);
    keysOfNames.push(keys);
    keyCount += keys.length;
  }
  const searchKeys = new Int32Array(keyCount);
  const searchKeysFrom = new Int32Array(names.length);
  const searchKeysTo = new Int32Array(names.length);
  let next = 0;
  keysOfNames.forEach((keys, index) => {
    searchKeys.set(keys, next);
    searchKeysFrom[index] = next + 1;
    next += keys.length;
    searchKeysTo[index] = next;
  });
  return {
    names,
    unicodeNames,
    tlds,
    lengths: Int32Array.from(lengths),
    scores,
    wordClasses,
    releaseDates,
    searchKeys,
    searchKeysFrom,
    searchKeysTo,
    nameChars: Int32Array.from(nameChars),
    newNames,
  };
}

/**
 * Name order: each batch touches neighbouring index pages, and two writers
 * would lock rows in the same order. The registry's lists come sorted, so
 * usually this only checks.
 */
function inNameOrder(entries: ReleaseListEntry[]): ReleaseListEntry[] {
  const sorted = entries.every((entry, index) => index === 0 || entries[index - 1].name < entry.name);
  return sorted ? entries : entries.slice().sort((a, b) => (a.name < b.name ? -1 : 1));
}
