import { createHash, randomBytes } from "node:crypto";
import { nextReleaseInstant } from "~/domain/release-instant";
import { hasAuthCookie } from "~/server/auth/session.server";
import { isPrivatePath } from "~/server/private-paths.server";
import { MOBILE_USER_AGENT } from "~/server/site-config.server";
import { domainCacheVersion } from "./domain-cache.server";
import { beginRender, getCachedPage, pageCacheEnabled, pendingRender, storeCachedPage, type CachedPage } from "./page-cache.server";

/**
 * What the cache reads of a request (`url` is its path and query): the web
 * Request React Router takes is only made when a page is rendered.
 */
export type CacheRequest = { method: string; url: string; headers: { get(name: string): string | null } };

/**
 * An answer whose whole body is in memory, which the Express bridge
 * (react-router-handler.server.ts) writes in one go: a cached page sent as a
 * web Response's body stream took several times as long as the page's copy.
 */
export type BufferedAnswer = {
  status: number;
  /** Lower-case names; a plain Map, as a web Headers object costs more per page than the rest of a hit. */
  headers: Map<string, string>;
  body: Buffer | null;
};

/**
 * HTTP caching for anonymous visitors of public pages, done once for every
 * route instead of per route (docs/decisions/0007-caching-and-several-instances.md
 * and 0026-page-cache-on-the-response.md), around React Router's handler:
 * - `Cache-Control: public, max-age=0, must-revalidate` and a weak ETag; a
 *   repeat view that still matches is a bodiless 304;
 * - a few seconds' micro-cache of the rendered answer (page-cache.server.ts),
 *   with a fresh CSP nonce swapped into every answer.
 * Signed-in visitors, answers that set cookies and private paths
 * (private-paths.server.ts) never touch either.
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

/** Documents and React Router's data requests (/x.data, turbo-stream). */
const CACHEABLE_TYPES = /^(text\/html|text\/x-script)/i;
/** The one-shot toast cookie changes what a page shows (better-auth's cookies are checked by hasAuthCookie). */
const TOAST_COOKIE = /(^|;\s*)snart_toast=/;
/** Headers a cached answer does not keep: each answer gets its own. */
const NOT_KEPT = new Set(["content-length", "set-cookie", "etag", "cache-control", "vary", "x-cache"]);
/** What a signed-in visitor's pages say when the route said nothing: never kept in a shared cache. */
const PERSONAL_CACHE_CONTROL = "private, no-cache";

export function hasPersonalCookie(request: CacheRequest): boolean {
  const cookie = request.headers.get("cookie");
  return Boolean(cookie && (hasAuthCookie(cookie) || TOAST_COOKIE.test(cookie)));
}

const isRead = (request: CacheRequest) => request.method === "GET" || request.method === "HEAD";

export function isCacheableRequest(request: CacheRequest): boolean {
  return isRead(request) && !hasPersonalCookie(request) && !isPrivatePath(request.url.split("?")[0]);
}

/**
 * A weak ETag of the body. Each page carries a fresh CSP nonce (entry.server.tsx),
 * which would make every body unique; it is left out of the hash, and a 304
 * carries no Content-Security-Policy (react-router-handler.server.ts) so the
 * browser keeps the header that matches the nonce in the body it has.
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

function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = etag.slice(2);
  return header.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value === etag || value.replace(/^W\//, "") === bare;
  });
}

function nonceOf(policy: string | null): string | null {
  return /'nonce-([^']+)'/.exec(policy ?? "")?.[1] ?? null;
}

function isCacheableResponse(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    !response.headers.has("Cache-Control") &&
    CACHEABLE_TYPES.test(response.headers.get("Content-Type") ?? "")
  );
}

/** The answer to send: 304 when the browser has this version (`etag`), else `body` with the cache headers. */
function answer(request: CacheRequest, headers: Map<string, string>, etag: string | null, body: Buffer | null): BufferedAnswer {
  headers.set("cache-control", PUBLIC_CACHE_CONTROL);
  const vary = headers.get("vary");
  headers.set("vary", vary ? `${vary}, Cookie` : "Cookie");
  if (etag) {
    headers.set("etag", etag);
    if (etagMatches(request.headers.get("if-none-match"), etag)) {
      for (const header of ["content-security-policy", "content-type", "content-length"]) headers.delete(header);
      return { status: 304, headers, body: null };
    }
  }
  if (body) headers.set("content-length", String(body.length));
  return { status: 200, headers, body };
}

/** A cached page with a fresh nonce in its policy and its body. */
function answerFromCache(request: CacheRequest, page: CachedPage): BufferedAnswer {
  // Same length as entry.server.tsx's nonces (16 random bytes in base64), so it is written over the old one in place.
  const fresh = page.nonce ? randomBytes(16).toString("base64") : null;
  const headers = new Map(page.headers);
  const policy = headers.get("content-security-policy");
  if (policy && page.nonce && fresh) headers.set("content-security-policy", policy.split(page.nonce).join(fresh));
  headers.set("x-cache", "HIT");
  return answer(request, headers, request.method === "GET" ? page.etag : null, fresh ? withNonce(page, fresh) : page.body);
}

/** A copy of the cached body with `fresh` written where the old nonce was. */
function withNonce(page: CachedPage, fresh: string): Buffer {
  if (fresh.length !== page.nonce!.length) return Buffer.from(page.body.toString("latin1").split(page.nonce!).join(fresh), "latin1");
  const body = Buffer.from(page.body);
  for (const at of page.nonceOffsets) body.write(fresh, at, "latin1");
  return body;
}

/**
 * Renders the request; an answer that may be cached is read whole (its ETag
 * goes in the headers, before the body), given the cache headers and handed
 * to the micro-cache through `onPage` (null when it cannot be kept).
 */
async function renderAndCache(
  request: CacheRequest,
  render: () => Promise<Response>,
  onPage?: (page: CachedPage | null) => void,
): Promise<Response | BufferedAnswer> {
  // Domains changed after this point make the page stale even if it is stored later.
  const version = domainCacheVersion();
  let page: CachedPage | null = null;
  try {
    const rendered = await render();
    if (!isCacheableResponse(rendered)) return rendered;
    const headers = new Map(rendered.headers);
    if (request.method !== "GET") return answer(request, headers, null, null);
    const body = Buffer.from(await rendered.arrayBuffer());
    const nonce = nonceOf(rendered.headers.get("Content-Security-Policy"));
    const nonceOffsets = nonce ? offsetsOf(body, nonce) : [];
    const etag = weakEtag(body, nonce, nonceOffsets);
    const kept = [...headers].filter(([name]) => !NOT_KEPT.has(name));
    page = storeCachedPage(pageCacheKey(request), { body, headers: kept, nonce, nonceOffsets, etag, version });
    headers.set("x-cache", "MISS");
    return answer(request, headers, etag, body);
  } finally {
    onPage?.(page);
  }
}

/** A signed-in visitor's page must never land in a shared cache. */
function markedPersonal(response: Response): Response {
  if (response.headers.has("Cache-Control")) return response;
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The answer to a GET or HEAD: from the cache, or `render`ed (React Router's
 * handler) and kept. The Express bridge calls it (react-router-handler.server.ts,
 * set up in server/app.ts) after the mark-released step before reading, so no
 * cached page outlives 04:00 UTC.
 */
export async function answerThroughHttpCache(request: CacheRequest, render: () => Promise<Response>): Promise<Response | BufferedAnswer> {
  if (!isCacheableRequest(request)) {
    if (isRead(request) && hasPersonalCookie(request)) return markedPersonal(await render());
    return render();
  }
  if (request.method !== "GET" || !pageCacheEnabled()) return renderAndCache(request, render);
  const key = pageCacheKey(request);
  // A hard reload (and the benchmark's "rendered" rows) asks for a fresh render; it still refreshes the cache.
  if (/no-cache/i.test(`${request.headers.get("cache-control") ?? ""} ${request.headers.get("pragma") ?? ""}`)) {
    return renderAndCache(request, render, beginRender(key));
  }
  const hit = getCachedPage(key);
  if (hit) return answerFromCache(request, hit);
  const inFlight = pendingRender(key);
  if (inFlight) {
    // Wait for the render under way; if it could not be cached, render our own.
    const page = await inFlight;
    return page ? answerFromCache(request, page) : renderAndCache(request, render);
  }
  return renderAndCache(request, render, beginRender(key));
}

/** The layout differs for phones (the menu starts collapsed), so phones and others get separate copies. */
function pageCacheKey(request: CacheRequest) {
  return `${MOBILE_USER_AGENT.test(request.headers.get("user-agent") ?? "") ? "mobile" : "desktop"} ${request.url}`;
}
