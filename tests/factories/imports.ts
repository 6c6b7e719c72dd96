// Release lists for import tests, in the registry's two shapes.
import type { DatabaseHandle } from "~/server/db/client.server";
import { importReleaseList, type ImportRequest } from "~/server/imports/release-list/import-release-list.server";
import type { ImportSummary } from "~/server/imports/release-list/runs/import-run-record.server";
import { withImportWritesTunedForTests, type WriteTuning } from "~/server/imports/release-list/write/write-release-list.server";
import { startHttpFixtureServer } from "~support/http-fixture-server";

/** The write path's tuning for one import, beside its clock. */
export type TunedImportOptions = { now: Date } & Partial<WriteTuning>;

/** importReleaseList with small batches, a lower bulk-load threshold or a hook before each batch (withImportWritesTunedForTests). */
export function importTuned(handle: DatabaseHandle, request: ImportRequest, options: TunedImportOptions): Promise<ImportSummary> {
  const { now, ...tuning } = options;
  return withImportWritesTunedForTests(tuning, () => importReleaseList(handle, request, { now }));
}

/** 156 real entries from the registry's 2021 lists (61 .se, 95 .nu), in its JSON shape. */
export const REGISTRY_SAMPLE_FILE = "tests/fixtures/iis-bardate-sample-2021.json";

export type ListEntry = { name: string; release_at: string };

/** {"data":[{"name","release_at"}]} as the registry writes it. */
export function jsonList(entries: unknown[]): Buffer {
  return Buffer.from(JSON.stringify({ data: entries }));
}

/** name<TAB>date lines. */
export function txtList(entries: ListEntry[], lineEnd = "\n"): Buffer {
  return Buffer.from(entries.map((entry) => `${entry.name}\t${entry.release_at}`).join(lineEnd) + lineEnd);
}

/** `count` plain names "<prefix>-<i>.<tld>" released on `releaseAt`. */
export function numberedEntries(count: number, options: { prefix?: string; tld?: "se" | "nu"; releaseAt?: string } = {}): ListEntry[] {
  const { prefix = "namn", tld = "se", releaseAt = "2030-03-01" } = options;
  return Array.from({ length: count }, (_, index) => ({
    name: `${prefix}-${index + 1}.${tld}`,
    release_at: releaseAt,
  }));
}

/** A local server that serves lists at the given paths (JSON or TXT by extension). */
export async function serveLists(lists: Record<string, Buffer>) {
  return startHttpFixtureServer(
    Object.fromEntries(
      Object.entries(lists).map(([path, body]) => [
        path,
        {
          body,
          headers: {
            "content-type": path.endsWith(".txt") ? "text/plain" : "application/json",
          },
        },
      ]),
    ),
  );
}
