import { ImportError } from "~/server/imports/release-list/runs/import-error.server";

/** "100 MB" for the size-limit message. */
export function formatByteLimit(bytes: number): string {
  const [unit, size] = bytes >= 1024 * 1024 ? ["MB", bytes / (1024 * 1024)] : bytes >= 1024 ? ["KB", bytes / 1024] : ["bytes", bytes];
  return `${Number.isInteger(size) ? size : size.toFixed(1)} ${unit}`;
}

/** A list over IMPORT_MAX_BYTES. */
export class ListTooLargeError extends ImportError {
  constructor(readonly maxBytes: number) {
    super(`The list is larger than the import limit of ${formatByteLimit(maxBytes)} (IMPORT_MAX_BYTES).`);
  }
}

export function tooLargeError(maxBytes: number) {
  return new ListTooLargeError(maxBytes);
}

/**
 * Collects a stream into one buffer, stopping as soon as it passes `maxBytes`:
 * a 1 GB upload costs at most the limit in memory, never the whole file.
 * `onTooLarge` lets the caller stop the source (abort the request, close the file).
 */
export async function readLimited(
  source: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
  onTooLarge?: () => void,
): Promise<Buffer<ArrayBuffer>> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of source) {
    const chunk = typeof part === "string" ? Buffer.from(part) : Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    size += chunk.byteLength;
    if (size > maxBytes) {
      onTooLarge?.();
      throw tooLargeError(maxBytes);
    }
    parts.push(chunk);
  }
  return Buffer.concat(parts, size);
}
