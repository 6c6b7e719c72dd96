/** Larger bodies are refused before parsing; well above what a valid form needs, so an over-long field still gets its own message. */
export const FORM_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export type LimitedForm = { ok: true; formData: FormData } | { ok: false; reason: "too-large" | "unreadable" };

/**
 * Reads a posted form without ever holding more than `maxBytes` of it: the
 * declared Content-Length is checked first, and a chunked body is counted
 * while it streams in.
 */
export async function readLimitedForm(request: Request, maxBytes = FORM_BODY_LIMIT_BYTES): Promise<LimitedForm> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { ok: false, reason: "too-large" };
  if (!request.body) return { ok: true, formData: new FormData() };

  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: "too-large" };
      }
      chunks.push(value);
    }
    const body = new Blob(chunks as BlobPart[]);
    // Only the content type (with its multipart boundary) carries over: the body is now a complete Blob.
    const headers = new Headers({ "content-type": request.headers.get("content-type") ?? "application/x-www-form-urlencoded" });
    const copy = new Request(request.url, { method: "POST", headers, body });
    return { ok: true, formData: await copy.formData() };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}
