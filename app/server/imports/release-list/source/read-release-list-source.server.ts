import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { getEnv } from "~/server/env.server";
import { fetchReleaseList, type FetchedList } from "./fetch-release-list.server";
import { ImportError } from "~/server/imports/release-list/runs/import-error.server";
import { readLimited, tooLargeError } from "./read-limited.server";
import { formatFromName, type ReleaseListFormat } from "./release-list-format.server";

/** Where a list comes from: a URL (fetched safely), a file on this machine (CLI), or bytes already read (an upload). */
export type ReleaseListSource =
  /** `downloaded`: the list the hourly check already fetched from `url` (fetchReleaseListIfChanged), handed over once. */
  | { kind: "url"; url: string; downloaded?: () => FetchedList }
  | { kind: "file"; path: string }
  | {
      kind: "bytes";
      bytes: Uint8Array;
      fileName?: string;
      contentType?: string | null;
    };

export type ReleaseListBytes = {
  bytes: Uint8Array;
  format?: ReleaseListFormat;
  /** A downloaded list's validators and content hash, kept with its configuration for the hourly check. */
  version?: ListVersion;
};

/** Which version of a URL's list was imported: what the next conditional request compares with. */
export type ListVersion = { url: string; etag: string | null; lastModified: string | null; contentHash: string };

/**
 * Hands a downloaded list to an import once: the import drops the bytes after
 * parsing, so nothing else may keep them (a list can be tens of megabytes).
 */
export function handOver(list: FetchedList): () => FetchedList {
  let held: FetchedList | undefined = list;
  return () => {
    if (!held) throw new Error("The downloaded list was already read");
    const taken = held;
    held = undefined;
    return taken;
  };
}

/** The hash a list without validators is compared by: SHA-256 of its bytes, in hex. */
export function contentHashOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** A short description for import_runs.source. */
export function describeSource(source: ReleaseListSource): string {
  if (source.kind === "url") return source.url;
  if (source.kind === "file") return `file:${source.path}`;
  return `upload:${source.fileName ?? "list"}`;
}

/**
 * The source stage's one way in: a list's bytes, within IMPORT_MAX_BYTES, with
 * the format its name or content type gives and, for a URL, its version. The
 * parser reads the bytes; nothing here looks inside them.
 */
export async function readReleaseListSource(source: ReleaseListSource): Promise<ReleaseListBytes> {
  const maxBytes = getEnv().IMPORT_MAX_BYTES;
  if (source.kind === "url") {
    const fetched = source.downloaded ? source.downloaded() : await fetchReleaseList(source.url);
    const { etag, lastModified } = fetched;
    return {
      bytes: fetched.bytes,
      format: formatFromName(fetched.url, fetched.contentType),
      version: { url: source.url, etag, lastModified, contentHash: contentHashOf(fetched.bytes) },
    };
  }
  if (source.kind === "bytes") {
    if (source.bytes.byteLength > maxBytes) throw tooLargeError(maxBytes);
    return {
      bytes: source.bytes,
      format: formatFromName(source.fileName, source.contentType),
    };
  }
  return {
    bytes: await readFile(source.path, maxBytes),
    format: formatFromName(source.path),
  };
}

async function readFile(path: string, maxBytes: number): Promise<Buffer> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new ImportError(`Failed to read file: ${path} is not a file`);
    if (info.size > maxBytes) throw tooLargeError(maxBytes);
    const stream = createReadStream(path);
    return await readLimited(stream, maxBytes, () => stream.destroy());
  } catch (error) {
    if (error instanceof ImportError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ImportError(`Failed to read file: ${code === "ENOENT" ? `${path} does not exist` : (error as Error).message}`);
  }
}
