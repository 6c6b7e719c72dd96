// The hourly check of every enabled release list (docs/product.md, "Release
// lists and imports"): the registry does not publish when it regenerates its
// lists, so each is asked for every hour with a conditional request, and only
// a list that changed is imported. The nightly run (runTldImports) imports
// every list regardless.
import type { DatabaseHandle } from "~/server/db/client.server";
import type { TldImportRow } from "~/domain/backoffice-rows";
import { failStaleImportRuns } from "./runs/fail-stale-import-runs.server";
import { fetchReleaseListIfChanged, type FetchedList } from "./source/fetch-release-list.server";
import { importFailureMessage } from "./runs/import-error.server";
import { isImportRunning, type ImportSummary } from "./runs/import-run-record.server";
import { listTldImports } from "./configs/list-tld-imports.server";
import { contentHashOf, handOver } from "./source/read-release-list-source.server";
import { importConfiguredList } from "./run-tld-imports.server";

export type ListCheckOutcome = { tldImportId: number; tld: string; url: string } & (
  | { result: "unchanged" }
  | { result: "imported"; summary: ImportSummary }
  /** An import of the list was already running (a manual one, the nightly one): the next check will see. */
  | { result: "skipped" }
  | { result: "failed"; error: string }
);

export type ReleaseListChecksResult = {
  checked: number;
  imported: number;
  /** Of the imported lists, those whose renewals the sanity threshold held back. */
  warnings: number;
  unchanged: number;
  failed: number;
  results: ListCheckOutcome[];
  message: string;
};

/** Checks every enabled configuration's list, one after the other, and imports those that changed. */
export async function checkReleaseLists(handle: DatabaseHandle, options: { trigger: string; now: Date }): Promise<ReleaseListChecksResult> {
  // A run left 'running' by a stopped process would otherwise keep its list from being checked.
  await failStaleImportRuns(handle, { now: options.now });
  const results: ListCheckOutcome[] = [];
  for (const config of await listTldImports(handle.db, { enabledOnly: true })) {
    results.push(await checkReleaseList(handle, config, options));
  }
  const count = (result: ListCheckOutcome["result"]) => results.filter((outcome) => outcome.result === result).length;
  const imported = count("imported");
  const warnings = results.filter((outcome) => outcome.result === "imported" && outcome.summary.warning).length;
  const [unchanged, failed] = [count("unchanged"), count("failed")];
  return {
    checked: results.length,
    imported,
    warnings,
    unchanged,
    failed,
    results,
    message:
      `${results.length} lists checked: ${imported} changed and imported, ${unchanged} unchanged, ${failed} failed` +
      (warnings ? `; ${warnings} with a warning (renewals not applied)` : ""),
  };
}

/**
 * One list: a conditional request with the validators of the list last
 * imported (ETag, Last-Modified). A 304, or a body whose SHA-256 is the one
 * last imported (a server that sends neither), is unchanged: only the check
 * is recorded. A changed list is imported as the TLD's complete list, through
 * the ordinary import, which keeps its new validators and hash.
 */
export async function checkReleaseList(
  handle: DatabaseHandle,
  config: TldImportRow,
  options: { trigger: string; now: Date },
): Promise<ListCheckOutcome> {
  const about = { tldImportId: config.id, tld: config.tld, url: config.url };
  if (await isImportRunning(handle, config.id)) return { ...about, result: "skipped" };

  let fetched: FetchedList | null;
  try {
    fetched = await fetchReleaseListIfChanged(config.url, { etag: config.etag, lastModified: config.lastModified });
  } catch (error) {
    const message = importFailureMessage(error);
    await recordCheck(handle, config, options.now, { error: message });
    return { ...about, result: "failed", error: message };
  }
  if (!fetched) {
    await recordCheck(handle, config, options.now, {});
    return { ...about, result: "unchanged" };
  }
  if (contentHashOf(fetched.bytes) === config.contentHash) {
    // The same list with other validators (or none): keep the new ones for the next request.
    await recordCheck(handle, config, options.now, { validators: { etag: fetched.etag, lastModified: fetched.lastModified } });
    return { ...about, result: "unchanged" };
  }

  // Handed over, not kept here: the import frees the bytes once it has parsed them.
  const downloaded = handOver(fetched);
  // eslint-disable-next-line no-useless-assignment -- not read again, but dropping it lets the bytes be collected while the import runs
  fetched = null;
  const outcome = await importConfiguredList(handle, config, { ...options, downloaded });
  if (outcome.ok) return { ...about, result: "imported", summary: outcome.summary };
  await recordCheck(handle, config, options.now, { error: `The list changed but could not be imported: ${outcome.error}` });
  return { ...about, result: "failed", error: outcome.error };
}

/** When the list was last checked and, if the check failed, why; new validators for the same content. Not if its URL changed meanwhile. */
async function recordCheck(
  handle: DatabaseHandle,
  config: TldImportRow,
  now: Date,
  check: { error?: string; validators?: { etag: string | null; lastModified: string | null } },
) {
  await handle.query(
    `update tld_imports set last_checked_at = $2, last_check_error = $3,
            etag = case when $4::boolean then $5::text else etag end,
            last_modified = case when $4::boolean then $6::text else last_modified end
      where id = $1 and url = $7`,
    [
      config.id,
      now,
      check.error ?? null,
      Boolean(check.validators),
      check.validators?.etag ?? null,
      check.validators?.lastModified ?? null,
      config.url,
    ],
  );
}
