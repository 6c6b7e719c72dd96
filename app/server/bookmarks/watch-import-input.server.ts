import { formatWaitSv } from "~/domain/format";
import { FILE_TOO_LARGE_MESSAGE, WATCH_IMPORT_MAX_BYTES } from "~/domain/watch-import";
import { consumeRateLimit } from "~/server/rate-limit.server";

/** The list a bulk-watch form sent: the uploaded file's text when a file was chosen, else the pasted text. */
export type WatchImportInput = { ok: true; text: string } | { ok: false; field: "text" | "file"; error: string; text: string };

/**
 * Previews and saves of watch lists per account: a person checks a list a few times
 * before saving it; a script posting lists over and over is stopped.
 */
export const WATCH_IMPORT_RATE_LIMIT = { name: "watch-import", points: 30, durationSeconds: 10 * 60 };

const NOT_TEXT_MESSAGE = "Filen är inte en textfil. Spara listan som text eller CSV (en domän per rad) och försök igen.";

/**
 * Reads the form's list. A file is decoded as UTF-8 (with or without a byte order mark);
 * a file that is not UTF-8 is read as Windows-1252, which is what Excel's plain "CSV"
 * writes on a Swedish Windows. A file with NUL bytes (a spreadsheet, a picture) is no list.
 */
export async function readWatchImportInput(form: FormData): Promise<WatchImportInput> {
  const pasted = form.get("text");
  const text = typeof pasted === "string" ? pasted : "";
  const file = form.get("file");
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) return { ok: true, text };
  if (file.size > WATCH_IMPORT_MAX_BYTES) return { ok: false, field: "file", error: FILE_TOO_LARGE_MESSAGE, text };
  if (file.size === 0) return { ok: false, field: "file", error: "Filen är tom.", text };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.includes(0)) return { ok: false, field: "file", error: NOT_TEXT_MESSAGE, text };
  return { ok: true, text: decodeText(bytes) };
}

/** Counts a preview or save for the account: a Swedish message once it is past the limit, else null. */
export async function refuseWatchImportOverLimit(userId: string): Promise<string | null> {
  const limit = await consumeRateLimit(WATCH_IMPORT_RATE_LIMIT, userId);
  return limit.ok ? null : `Du har kontrollerat många listor på kort tid. Försök igen om ${formatWaitSv(limit.retryAfterSeconds)}.`;
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
