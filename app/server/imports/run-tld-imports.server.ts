import { isSupportedTld } from "~/domain/names";
import type { DatabaseHandle } from "../db/client.server";
import type { TldImportRow } from "../db/schema/index.server";
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
  successful: number;
  failed: number;
  results: TldImportOutcome[];
  /** The spec's maintenance text: "{a} imports successful, {b} failed". */
  message: string;
};

/**
 * Imports every enabled configuration's list (spec §7 scheduled-imports), one
 * after the other and each on its own: one failing does not stop the rest.
 */
export async function runTldImports(handle: DatabaseHandle, options: { trigger: string; now?: Date }): Promise<TldImportsResult> {
  const configs = await listTldImports(handle.db, { enabledOnly: true });
  const results: TldImportOutcome[] = [];
  for (const config of configs) {
    results.push(await importConfiguredList(handle, config, options));
  }
  const successful = results.filter((result) => result.ok).length;
  const failed = results.length - successful;
  return {
    successful,
    failed,
    results,
    message: `${successful} imports successful, ${failed} failed`,
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
  },
): Promise<TldImportOutcome> {
  const about = { tldImportId: config.id, tld: config.tld, url: config.url };
  if (!isSupportedTld(config.tld)) return { ...about, ok: false, error: `Unsupported TLD ${config.tld}` };
  try {
    const summary = await importReleaseList(
      handle,
      {
        source: { kind: "url", url: config.url },
        tld: config.tld,
        completeList: true,
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
