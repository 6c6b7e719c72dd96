import type { Tld } from "~/domain/names";
import { ImportError } from "~/server/imports/release-list/runs/import-error.server";
import type { ReleaseListFormat } from "~/server/imports/release-list/source/release-list-format.server";
import { createEntryCollector, quote, type CollectedEntries } from "./release-list-entries.server";
import { JsonSyntaxError } from "./json-scanner.server";
import { scanJsonReleaseList, type DataItemSink, type ScanResult } from "./scan-json-release-list.server";

export type ParsedReleaseList = CollectedEntries & {
  format: ReleaseListFormat;
};

export type ParseOptions = {
  /** Known from the file name, URL or content type; otherwise read from the first character. */
  format?: ReleaseListFormat;
  /** The list's TLD: names of another TLD are skipped and counted as failed. */
  tld?: Tld;
};

/**
 * Reads a release list in one of the registry's two shapes:
 *   JSON  {"data":[{"name":"exempel.se","release_at":"2021-08-10"}, ...]}
 *   TXT   exempel.se<TAB>2021-08-10   (one per line; CRLF, a BOM and blank lines are fine)
 * A list that is not readable at all throws an ImportError ("Invalid JSON
 * format: ...", "Invalid import data format"); a bad entry is skipped and
 * counted as failed with its reason.
 */
export function parseReleaseList(input: Uint8Array | string, options: ParseOptions = {}): ParsedReleaseList {
  const text = typeof input === "string" ? input.replace(/^\uFEFF/, "") : decodeUtf8(input);
  const format = options.format ?? sniffFormat(text);
  const collected = format === "json" ? readJson(text, options.tld) : readTxt(text, options.tld);
  return { ...collected, format };
}

function sniffFormat(text: string): ReleaseListFormat {
  const first = /\S/.exec(text)?.[0];
  return first === "{" || first === "[" ? "json" : "txt";
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    // The decoder drops a leading byte-order mark itself.
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ImportError("The list is not UTF-8 text.");
  }
}

/**
 * The items of the top-level "data" array, checked as the text is scanned:
 * the document's tree is never built (for 500,000 names JSON.parse held
 * ~55 MB of objects before the first item was checked, and the import's peak
 * memory was 507 MB against 419 MB now).
 */
function readJson(text: string, tld: Tld | undefined): CollectedEntries {
  let scan: ScanResult<ItemCollector>;
  try {
    scan = scanJsonReleaseList(text, () => itemCollector(tld));
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw new ImportError(`Invalid JSON format: ${error.message}`);
    throw error;
  }
  if (scan.shape !== "data-array") throw new ImportError("Invalid import data format");
  return scan.sink.finish();
}

type ItemCollector = DataItemSink & { finish(): CollectedEntries };

/** Checks the items of one "data" array (a later "data" member replaces it, as in JSON.parse). */
function itemCollector(tld: Tld | undefined): ItemCollector {
  const collector = createEntryCollector({ tld, unit: "Item" });
  let position = 0;
  return {
    item(value: unknown) {
      position++;
      const listed = () => String(JSON.stringify(value));
      if (typeof value !== "object" || value === null || Array.isArray(value)) {
        collector.reject(position, listed, `${quote(value)} is not an object with name and release_at`);
        return;
      }
      const entry = value as { name?: unknown; release_at?: unknown };
      collector.add(position, entry.name, entry.release_at, listed);
    },
    finish: collector.finish,
  };
}

function readTxt(text: string, tld: Tld | undefined): CollectedEntries {
  const collector = createEntryCollector({ tld, unit: "Line" });
  // Walks the text instead of splitting it, so a 100 MB list is not copied into millions of strings at once.
  let lineNumber = 0;
  for (let start = 0; start < text.length;) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    lineNumber++;
    if (line === "") continue;
    const fields = line.split(/\s+/);
    const listed = () => line;
    if (fields.length !== 2) {
      collector.reject(lineNumber, listed, `${quote(line)} is not "name<TAB>YYYY-MM-DD"`);
      continue;
    }
    collector.add(lineNumber, fields[0], fields[1], listed);
  }
  return collector.finish();
}
