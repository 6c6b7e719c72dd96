import type { Readable } from "node:stream";
import { WATCH_IMPORT_MAX_BYTES } from "~/domain/watch-import";
import { getOptionalUser } from "~/server/auth/session.server";
import { getEnv } from "~/server/env.server";
import { isSameOrigin, SAFE_METHODS } from "~/server/security/same-origin.server";
import { swedishNotice } from "./swedish-notice.server";

/** Every request body but the backoffice's list upload and the account's watch list: far above what any other form or JSON call of the site sends. */
export const REQUEST_BODY_LIMIT_BYTES = 64 * 1024;

/** The backoffice's list upload: the list (IMPORT_MAX_BYTES) and the form fields around it. */
export function importUploadLimitBytes() {
  return getEnv().IMPORT_MAX_BYTES + REQUEST_BODY_LIMIT_BYTES;
}

/** The account's bulk watch form: a pasted list and an uploaded one (each WATCH_IMPORT_MAX_BYTES) and the form around them. */
export const WATCH_IMPORT_BODY_LIMIT_BYTES = 2 * WATCH_IMPORT_MAX_BYTES + REQUEST_BODY_LIMIT_BYTES;

const BODY_TOO_LARGE = { title: "Förfrågan är för stor", message: "Det som skickades är för stort för webbplatsen att ta emot." };
const FOREIGN_ORIGIN = { title: "Förfrågan nekades", message: "Förfrågan kom inte från den här webbplatsen." };

/** Thrown to whoever reads a body past its limit (the answer is then 413, whatever the route said). */
export class RequestBodyTooLargeError extends Error {
  constructor(limitBytes: number) {
    super(`The request body is larger than ${limitBytes} bytes`);
  }
}

/** The backoffice's TLD Imports page and its data requests (/admin/imports.data), where the list upload posts. */
const WATCH_IMPORT_PATH = /^\/account\/watches\/import(\.data)?\/?$/;
const LIST_UPLOAD_PATH = /^\/admin\/imports(\.data)?\/?$/;

export type BodyAdmission = { ok: true; limitBytes: number } | { ok: false; response: Response };

/**
 * Decides, before a byte of a request's body is read, whether it may be read
 * and how much of it: a post from another site is refused (403; the rule of
 * same-origin.server.ts, which every action also applies), and a declared
 * length over the limit gets 413. Only a signed-in administrator's multipart
 * post to the backoffice's TLD Imports page (the list upload) may be larger; there the route
 * answers an over-large list with its own message, so the limit here is a
 * backstop above the route's. A body without a declared length is counted
 * as it arrives (countedBody).
 */
export async function admitRequestBody(request: Request): Promise<BodyAdmission> {
  if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request)) return { ok: false, response: refusal(request, 403, FOREIGN_ORIGIN) };
  if (await isImportUpload(request)) return { ok: true, limitBytes: importUploadLimitBytes() + REQUEST_BODY_LIMIT_BYTES };
  if (await isWatchImport(request)) return admitUpTo(request, WATCH_IMPORT_BODY_LIMIT_BYTES);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > REQUEST_BODY_LIMIT_BYTES) return { ok: false, response: bodyTooLarge(request) };
  return { ok: true, limitBytes: REQUEST_BODY_LIMIT_BYTES };
}

function admitUpTo(request: Request, limitBytes: number): BodyAdmission {
  const declared = Number(request.headers.get("content-length") ?? 0);
  return declared > limitBytes ? { ok: false, response: bodyTooLarge(request) } : { ok: true, limitBytes };
}

/** A signed-in user's post of a watch list (the route reads it with the same limit and says what was too large). */
async function isWatchImport(request: Request) {
  if (!WATCH_IMPORT_PATH.test(new URL(request.url).pathname)) return false;
  return (await getOptionalUser(request)) !== null;
}

async function isImportUpload(request: Request) {
  if (!LIST_UPLOAD_PATH.test(new URL(request.url).pathname)) return false;
  if (!/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) return false;
  return (await getOptionalUser(request))?.isAdmin === true;
}

/** 413 with a Swedish message: JSON for API calls, a small page for a browser's form post. */
export function bodyTooLarge(request: Request): Response {
  return refusal(request, 413, BODY_TOO_LARGE);
}

function refusal(request: Request, status: number, notice: { title: string; message: string }) {
  const headers = { "Cache-Control": "no-store" };
  if (wantsJson(request)) return Response.json({ ok: false, error: notice.message }, { status, headers });
  return new Response(swedishNotice(notice.title, notice.message), { status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

function wantsJson(request: Request) {
  const accept = request.headers.get("accept") ?? "";
  if (/json/i.test(request.headers.get("content-type") ?? "")) return true;
  if (new URL(request.url).pathname.startsWith("/api/")) return !accept.includes("text/html");
  return accept.includes("json") && !accept.includes("text/html");
}

/**
 * The request's body as the app reads it, counted as it streams: a chunk that
 * takes it past `limitBytes()` is not passed on; the reader gets a
 * RequestBodyTooLargeError instead, `onTooLarge` is called and the rest is
 * dropped as it arrives. Nothing is taken from the connection before the app
 * asks for it, so the limit can still be raised after the request is admitted.
 */
export function countedBody(source: Readable, limitBytes: () => number, onTooLarge: () => void): ReadableStream<Uint8Array> {
  let received = 0;
  let controller: ReadableStreamDefaultController<Uint8Array>;
  const onData = (chunk: Buffer) => {
    received += chunk.byteLength;
    if (received > limitBytes()) {
      stop();
      // Flowing with no reader: what else arrives is dropped.
      source.resume();
      onTooLarge();
      return controller.error(new RequestBodyTooLargeError(limitBytes()));
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) source.pause();
  };
  const onEnd = () => {
    stop();
    controller.close();
  };
  const onError = (error: Error) => {
    stop();
    controller.error(error);
  };
  const onClose = () => onError(new Error("The connection closed before the request's body ended"));
  const stop = () => source.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
  let listening = false;
  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
      },
      pull() {
        if (!listening) {
          listening = true;
          source.on("data", onData).once("end", onEnd).once("error", onError).once("close", onClose);
        }
        source.resume();
      },
      cancel: () => void stop(),
    },
    // Reads only when the app asks (no read-ahead into the stream's queue).
    { highWaterMark: 0 },
  );
}
