import { createHash, randomBytes } from "node:crypto";
import type express from "express";
import { nextReleaseInstant } from "~/domain/release-morning";
import { hasAuthCookie } from "~/server/auth/session.server";
import { MOBILE_USER_AGENT } from "~/server/site-config.server";
import { domainCacheVersion } from "./domain-cache.server";
import { beginRender, getCachedPage, pageCacheEnabled, pendingRender, storeCachedPage, type CachedPage } from "./page-cache.server";

/**
 * HTTP caching for anonymous visitors of public pages, done once for every
 * route instead of per route (docs/decisions/0007-caching-and-several-instances.md):
 * - `Cache-Control: public, max-age=0, must-revalidate` and a weak ETag; a
 *   repeat view that still matches is a bodiless 304;
 * - a few seconds' micro-cache of the rendered page (page-cache.server.ts),
 *   with a fresh CSP nonce swapped into every response.
 * Signed-in visitors, cookies being set and private paths never touch either.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/**
 * A response's max-age (seconds), cut short so that no cache keeps it past the
 * next release instant (04:00 UTC): what it lists may change then. Pages are
 * revalidated on every view anyway; this is for the files that carry a
 * max-age (sitemaps, calendar feeds).
 */
export function maxAgeBeforeRelease(maxAgeSeconds: number, now: Date): number {
  const untilRelease = Math.floor((nextReleaseInstant(now).getTime() - now.getTime()) / 1000);
  return Math.max(0, Math.min(maxAgeSeconds, untilRelease));
}

/** Never cached: personal pages, the backoffice, sign-in, APIs and calendar feeds. */
const PRIVATE_PREFIXES = ["/account", "/admin", "/backoffice", "/auth", "/api/", "/calendar/", "/healthz", "/readyz"];
/** Documents and React Router's data requests (/x.data, turbo-stream). */
const CACHEABLE_TYPES = /^(text\/html|text\/x-script)/i;
/** The one-shot toast cookie changes what a page shows (better-auth's cookies are checked by hasAuthCookie). */
const TOAST_COOKIE = /(^|;\s*)snart_toast=/;
/** Headers a cached page does not replay: per-response ones. */
const NOT_REPLAYED = new Set(["x-request-id", "content-length", "set-cookie", "etag", "cache-control", "vary", "x-cache"]);

type End = (this: express.Response, chunk?: Buffer) => unknown;
type Request = { method: string; path: string; headers: { cookie?: string } };

export function hasPersonalCookie(request: Pick<Request, "headers">): boolean {
  const cookie = request.headers.cookie;
  return Boolean(cookie && (hasAuthCookie(cookie) || TOAST_COOKIE.test(cookie)));
}

export function isCacheableRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (hasPersonalCookie(request)) return false;
  const path = request.path.toLowerCase();
  return !PRIVATE_PREFIXES.some(
    (prefix) => path === prefix.replace(/\/$/, "") || path.startsWith(prefix) || path.startsWith(`${prefix}.data`),
  );
}

/**
 * A weak ETag of the body. Each page carries a fresh CSP nonce (entry.server.tsx),
 * which would make every body unique; it is left out of the hash, and a 304
 * carries no Content-Security-Policy so the browser keeps the header that
 * matches the nonce in the body it has.
 */
export function weakEtag(body: Buffer, nonce: string | null, offsets = nonce ? offsetsOf(body, nonce) : []): string {
  // Hashes the bytes between the nonces, without turning the page into a string.
  const hash = createHash("sha1");
  let from = 0;
  for (const at of offsets) {
    hash.update(body.subarray(from, at));
    from = at + nonce!.length;
  }
  hash.update(body.subarray(from));
  return `W/"${hash.digest("base64url")}"`;
}

/** Byte offsets of every `needle` (ASCII, as a base64 nonce is) in `body`. */
export function offsetsOf(body: Buffer, needle: string): number[] {
  const bytes = Buffer.from(needle, "latin1");
  const offsets: number[] = [];
  for (let at = body.indexOf(bytes); at !== -1; at = body.indexOf(bytes, at + bytes.length)) offsets.push(at);
  return offsets;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.slice(2);
  return header.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value === etag || value.replace(/^W\//, "") === bare;
  });
}

function nonceOf(policy: unknown): string | null {
  return /'nonce-([^']+)'/.exec(String(policy ?? ""))?.[1] ?? null;
}

function cacheableResponse(response: express.Response): boolean {
  return (
    response.statusCode === 200 &&
    !response.hasHeader("Set-Cookie") &&
    !response.hasHeader("Cache-Control") &&
    CACHEABLE_TYPES.test(String(response.getHeader("Content-Type") ?? ""))
  );
}

/** Sends a page: 304 when the browser has this version, else the body. */
function finish(request: express.Request, response: express.Response, etag: string | null, body: Buffer, end: End) {
  response.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
  response.append("Vary", "Cookie");
  if (etag) {
    response.setHeader("ETag", etag);
    if (etagMatches(request.get("if-none-match"), etag)) {
      response.statusCode = 304;
      for (const header of ["Content-Security-Policy", "Content-Type", "Content-Length"]) response.removeHeader(header);
      return end.call(response);
    }
  }
  return end.call(response, body);
}

function sendCached(request: express.Request, response: express.Response, page: CachedPage) {
  // Same length as entry.server.tsx's nonces (16 random bytes in base64), so it is written over the old one in place.
  const fresh = page.nonce ? randomBytes(16).toString("base64") : null;
  const swap = (text: string) => (page.nonce && fresh ? text.split(page.nonce).join(fresh) : text);
  for (const [name, value] of page.headers) response.setHeader(name, name === "content-security-policy" ? swap(String(value)) : value);
  response.setHeader("X-Cache", "HIT");
  response.status(200);
  const body = page.nonce && fresh ? withNonce(page, fresh) : page.body;
  finish(request, response, request.method === "GET" ? page.etag : null, body, response.end as unknown as End);
}

/** A copy of the cached body with `fresh` written where the old nonce was. */
function withNonce(page: CachedPage, fresh: string): Buffer {
  if (fresh.length !== page.nonce!.length) return Buffer.from(page.body.toString("latin1").split(page.nonce!).join(fresh), "latin1");
  const body = Buffer.from(page.body);
  for (const at of page.nonceOffsets) body.write(fresh, at, "latin1");
  return body;
}

/** Lets the app render, holding the body back to add the cache headers (and hand the page to the micro-cache). */
function renderAndCache(
  request: express.Request,
  response: express.Response,
  next: express.NextFunction,
  onPage?: (page: CachedPage | null) => void,
) {
  // Domains changed after this point make the page stale even if it is stored later.
  const version = domainCacheVersion();
  let settled = false;
  const settle = (page: CachedPage | null) => {
    if (settled) return;
    settled = true;
    onPage?.(page);
  };
  response.once("close", () => settle(null));
  const chunks: Buffer[] = [];
  const write = response.write;
  const end = response.end;
  const send = end as unknown as End;
  const toBuffer = (chunk: unknown, encoding: unknown) =>
    Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  const flushable = response as { flush?: () => void };
  const flush = flushable.flush;
  flushable.flush = () => undefined;

  response.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    if (chunk) chunks.push(toBuffer(chunk, encoding));
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") process.nextTick(done as () => void);
    return true;
  }) as typeof response.write;

  response.end = ((chunk?: unknown, encoding?: unknown) => {
    if (chunk && typeof chunk !== "function") chunks.push(toBuffer(chunk, encoding));
    response.write = write;
    response.end = end;
    flushable.flush = flush;
    const body = Buffer.concat(chunks);
    if (!cacheableResponse(response)) {
      settle(null);
      return send.call(response, body);
    }
    const nonce = nonceOf(response.getHeader("Content-Security-Policy"));
    const nonceOffsets = nonce ? offsetsOf(body, nonce) : [];
    const etag = request.method === "GET" ? weakEtag(body, nonce, nonceOffsets) : null;
    if (etag) {
      const headers = Object.entries(response.getHeaders())
        .filter(([name, value]) => value !== undefined && !NOT_REPLAYED.has(name))
        .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)] as [string, string | string[]]);
      settle(storeCachedPage(pageCacheKey(request), { body, headers, nonce, nonceOffsets, etag, version }));
      response.setHeader("X-Cache", "MISS");
    } else settle(null);
    return finish(request, response, etag, body, send);
  }) as typeof response.end;
  next();
}

/** Express middleware mounted in server/app.ts in front of React Router. */
export function httpCache(request: express.Request, response: express.Response, next: express.NextFunction) {
  if (!isCacheableRequest(request)) {
    // A signed-in visitor's page must never land in a shared cache.
    if ((request.method === "GET" || request.method === "HEAD") && hasPersonalCookie(request)) {
      const writeHead = response.writeHead;
      response.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
        if (!this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", "private, no-cache");
        return writeHead.apply(this, args);
      } as typeof writeHead;
    }
    return next();
  }
  if (request.method !== "GET" || !pageCacheEnabled()) return renderAndCache(request, response, next);
  const key = pageCacheKey(request);
  // A hard reload (and the benchmark's "rendered" rows) asks for a fresh render; it still refreshes the cache.
  if (/no-cache/i.test(`${request.get("cache-control") ?? ""} ${request.get("pragma") ?? ""}`)) {
    return renderAndCache(request, response, next, beginRender(key));
  }
  const hit = getCachedPage(key);
  if (hit) return sendCached(request, response, hit);
  const inFlight = pendingRender(key);
  if (inFlight) {
    // Wait for the render under way; if it could not be cached, render our own.
    inFlight.then((page) => (page ? sendCached(request, response, page) : renderAndCache(request, response, next)), next);
    return;
  }
  renderAndCache(request, response, next, beginRender(key));
}

/** The layout differs for phones (the menu starts collapsed), so phones and others get separate copies. */
function pageCacheKey(request: express.Request) {
  return `${MOBILE_USER_AGENT.test(request.get("user-agent") ?? "") ? "mobile" : "desktop"} ${request.originalUrl}`;
}
