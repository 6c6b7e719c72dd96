import { isSupportedTld } from "~/domain/names";
import type { DatabaseHandle } from "~/server/db/client.server";
import type { TldImportRow } from "~/domain/backoffice-rows";
import type { FetchedList } from "./fetch-release-list.server";
import { importFailureMessage } from "./import-error.server";
import type { ImportSummary } from "./import-run-record.server";
import { importReleaseList } from "./import-release-list.server";
import { listTldImports } from "./list-tld-imports.server";

export type TldImportOutcome = {
  tldImportId: number;
  tld: string;
  url: string;
} & ({ ok: true; summary: ImportSummary } | { ok: false; error: string });

export type TldImportsResult = {
  /** Lists imported, warnings included. */
  successful: number;
  /** Of those, lists whose renewals were not applied (the sanity threshold, a broken list): each run says why. */
  warnings: number;
  failed: number;
  results: TldImportOutcome[];
  /** The maintenance text: "{a} imports successful, {b} failed" and how many had a warning (or that no list is configured). */
  message: string;
};

export const NO_TLD_IMPORTS_MESSAGE = "No TLD import is configured: nothing to import";

/**
 * Imports every enabled configuration's list, one after the other and each on
 * its own: one failing does not stop the rest.
 */
export async function runTldImports(handle: DatabaseHandle, options: { trigger: string; now?: Date }): Promise<TldImportsResult> {
  const configs = await listTldImports(handle.db, { enabledOnly: true });
  const results: TldImportOutcome[] = [];
  for (const config of configs) {
    results.push(await importConfiguredList(handle, config, options));
  }
  const successful = results.filter((result) => result.ok).length;
  const warnings = results.filter((result) => result.ok && result.summary.warning).length;
  const failed = results.length - successful;
  return {
    successful,
    warnings,
    failed,
    results,
    message:
      configs.length === 0
        ? NO_TLD_IMPORTS_MESSAGE
        : `${successful} imports successful, ${failed} failed${warnings ? `; ${warnings} with a warning (renewals not applied)` : ""}`,
  };
}

/** One configuration's list: the registry's complete list of that TLD, so renewals are detected. */
export async function importConfiguredList(
  handle: DatabaseHandle,
  config: TldImportRow,
  options: {
    trigger: string;
    now?: Date;
    runId?: number;
    startedBy?: string | null;
    /** "Apply as complete": renewals past the sanity threshold. */
    forceComplete?: boolean;
    /** The list as the hourly check downloaded it (else it is fetched here). */
    downloaded?: () => FetchedList;
  },
): Promise<TldImportOutcome> {
  const about = { tldImportId: config.id, tld: config.tld, url: config.url };
  if (!isSupportedTld(config.tld)) return { ...about, ok: false, error: `Unsupported TLD ${config.tld}` };
  try {
    const summary = await importReleaseList(
      handle,
      {
        source: { kind: "url", url: config.url, downloaded: options.downloaded },
        tld: config.tld,
        completeList: true,
        forceComplete: options.forceComplete,
        trigger: options.trigger,
        startedBy: options.startedBy,
        tldImportId: config.id,
      },
      { now: options.now, runId: options.runId },
    );
    return { ...about, ok: true, summary };
  } catch (error) {
    return { ...about, ok: false, error: importFailureMessage(error) };
  }
}
