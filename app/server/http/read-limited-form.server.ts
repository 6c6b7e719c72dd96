import { REQUEST_BODY_LIMIT_BYTES, RequestBodyTooLargeError } from "./request-body.server";

/** What a public page says when a posted form cannot be read (a broken body). */
export const UNREADABLE_FORM_MESSAGE = "Formuläret kunde inte läsas. Ladda om sidan och försök igen.";

export type LimitedForm = { ok: true; formData: FormData } | { ok: false; reason: "too-large" | "unreadable" };

/**
 * Reads a posted form without ever holding more than `maxBytes` of it: the
 * declared Content-Length is checked first, and a chunked body is counted
 * while it streams in. (The server's front applies the same limit to every
 * request, request-body.server.ts; this one also holds when a route is called
 * directly.) A body that is not a form of its declared type, e.g. a broken
 * multipart body, is "unreadable": the route answers 400, never 500.
 */
export async function readLimitedForm(request: Request, maxBytes = REQUEST_BODY_LIMIT_BYTES): Promise<LimitedForm> {
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
  } catch (error) {
    return { ok: false, reason: error instanceof RequestBodyTooLargeError ? "too-large" : "unreadable" };
  }
}
