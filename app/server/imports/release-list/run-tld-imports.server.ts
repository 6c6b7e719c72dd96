import { isSupportedTld } from "~/domain/names";
import type { RunOutcome } from "~/domain/run-outcome";
import { rejectedText } from "~/lib/import-run-texts";
import type { DatabaseHandle } from "~/server/db/client.server";
import type { TldImportRow } from "~/domain/backoffice-rows";
import type { FetchedList } from "./source/fetch-release-list.server";
import { importFailureMessage } from "./runs/import-error.server";
import type { ImportSummary } from "./runs/import-run-record.server";
import { importReleaseList, type ImportRequest } from "./import-release-list.server";
import { listTldImports } from "./configs/list-tld-imports.server";

export type TldImportOutcome = {
  tldImportId: number;
  tld: string;
  url: string;
} & ({ ok: true; summary: ImportSummary } | { ok: false; error: string });

export type TldImportsResult = {
  /** Lists imported with no entry rejected, warnings included. */
  successful: number;
  /** Lists imported with some entries rejected. */
  partlyFailed: number;
  /** Of the lists imported, those whose renewals were not applied (the sanity threshold, a broken list): each run says why. */
  warnings: number;
  /** Lists not imported: unreadable, unreachable, or every entry rejected. */
  failed: number;
  results: TldImportOutcome[];
  /**
   * The maintenance text: "{a} imports successful, {b} failed", how many
   * partly failed or had a warning, and why each list that did not succeed
   * did not (or that no list is configured).
   */
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
  const outcomes = results.map(outcomeOf);
  const successful = outcomes.filter((outcome) => outcome === "succeeded").length;
  const partlyFailed = outcomes.filter((outcome) => outcome === "partly_failed").length;
  const warnings = results.filter((result) => result.ok && result.summary.warning).length;
  const failed = outcomes.filter((outcome) => outcome === "failed").length;
  if (configs.length === 0) return { successful, partlyFailed, warnings, failed, results, message: NO_TLD_IMPORTS_MESSAGE };
  const counts = [`${successful} imports successful`, ...(partlyFailed ? [`${partlyFailed} partly failed`] : []), `${failed} failed`].join(
    ", ",
  );
  const why = results.map(whyNotSucceeded).filter((reason) => reason !== null);
  const warned = warnings ? `; ${warnings} with a warning (renewals not applied)` : "";
  return { successful, partlyFailed, warnings, failed, results, message: `${counts}${warned}${why.length ? `. ${why.join("; ")}` : ""}` };
}

function outcomeOf(result: TldImportOutcome): RunOutcome {
  return result.ok ? result.summary.outcome : "failed";
}

/** ".se: 61 of 156 entries rejected", ".nu: Failed to fetch data: could not reach …: connection refused"; null for a list that succeeded. */
function whyNotSucceeded(result: TldImportOutcome): string | null {
  if (!result.ok) return `${result.tld}: ${result.error}`;
  if (result.summary.outcome === "succeeded") return null;
  return `${result.tld}: ${rejectedText(result.summary)}`;
}

type ConfiguredListRequest = ImportRequest & { source: { kind: "url"; url: string; downloaded?: () => FetchedList } };

/**
 * A configuration's list as an import: the registry's complete list of its
 * TLD, so names missing from it are renewed (within the sanity threshold).
 * Null for a TLD the site does not serve.
 */
export function configuredListRequest(
  config: TldImportRow,
  options: {
    trigger: string;
    startedBy?: string | null;
    forceComplete?: boolean;
    applyPastDated?: boolean;
    downloaded?: () => FetchedList;
  },
): ConfiguredListRequest | null {
  if (!isSupportedTld(config.tld)) return null;
  return {
    source: { kind: "url", url: config.url, downloaded: options.downloaded },
    tld: config.tld,
    completeList: true,
    forceComplete: options.forceComplete,
    applyPastDated: options.applyPastDated,
    trigger: options.trigger,
    startedBy: options.startedBy,
    tldImportId: config.id,
  };
}

/** One configuration's list, opened and run here: the registry's complete list of that TLD, so renewals are detected. */
export async function importConfiguredList(
  handle: DatabaseHandle,
  config: TldImportRow,
  options: {
    trigger: string;
    now?: Date;
    /** The list as the hourly check downloaded it (else it is fetched here). */
    downloaded?: () => FetchedList;
  },
): Promise<TldImportOutcome> {
  const about = { tldImportId: config.id, tld: config.tld, url: config.url };
  const request = configuredListRequest(config, options);
  if (!request) return { ...about, ok: false, error: `Unsupported TLD ${config.tld}` };
  try {
    return { ...about, ok: true, summary: await importReleaseList(handle, request, { now: options.now }) };
  } catch (error) {
    return { ...about, ok: false, error: importFailureMessage(error) };
  }
}
