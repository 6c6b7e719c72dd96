import { domainCacheVersion } from "./domain-cache.server";

/**
 * A micro-cache of whole rendered public pages for anonymous visitors, as
 * nginx/Varnish micro-caching does: under load, one render per URL every few
 * seconds serves everybody asking meanwhile. Short on purpose: pages show
 * "now"-relative countdowns, and other instances' admin edits reach this one
 * only by expiry (an edit here drops everything at once via domainCacheVersion).
 */
export const PAGE_CACHE_TTL_MS = 3_000;
const MAX_ENTRIES = 300;
const MAX_BODY_BYTES = 1024 * 1024;

export type CachedPage = {
  body: Buffer;
  /** The rendered answer's headers, but those each answer sets itself; the CSP gets a fresh nonce per answer. */
  headers: [string, string][];
  /** The CSP nonce the body was rendered with, swapped for a fresh one on every hit. */
  nonce: string | null;
  /** Where that nonce sits in `body` (bytes), so a hit writes the fresh one in place. */
  nonceOffsets: number[];
  etag: string;
  expires: number;
  version: number;
};

/**
 * On both engines. Changes made by this process drop the cache through
 * domainCacheVersion(); on the embedded database the CLI and the e2e fixtures
 * write through its socket, and every statement that comes in that way drops
 * it too (invalidate-on-socket-queries.server.ts). Tests may force it off.
 */
let enabledOverride: boolean | null = null;
export function pageCacheEnabled(): boolean {
  return enabledOverride ?? true;
}

const pages = new Map<string, CachedPage>();
const pending = new Map<string, Promise<CachedPage | null>>();

export function getCachedPage(key: string, now = Date.now()): CachedPage | null {
  const hit = pages.get(key);
  if (!hit) return null;
  if (hit.expires > now && hit.version === domainCacheVersion()) return hit;
  pages.delete(key);
  return null;
}

/**
 * Stores a rendered page; oldest entries go first once the cache is full.
 * `version` is domainCacheVersion() from when the render began: a change that
 * landed while it rendered makes the page stale at once, not 3 s later.
 */
export function storeCachedPage(key: string, page: Omit<CachedPage, "expires">, now = Date.now()): CachedPage | null {
  if (page.body.length > MAX_BODY_BYTES) return null;
  const entry = { ...page, expires: now + PAGE_CACHE_TTL_MS };
  pages.delete(key);
  pages.set(key, entry);
  while (pages.size > MAX_ENTRIES) pages.delete(pages.keys().next().value!);
  return entry;
}

/**
 * The render of `key` already under way, if any: requests for a URL that is
 * being rendered wait for that render instead of starting their own.
 */
export function pendingRender(key: string): Promise<CachedPage | null> | undefined {
  return pending.get(key);
}

/** Marks `key` as being rendered; call the returned function with the result (or null) when done. */
export function beginRender(key: string): (page: CachedPage | null) => void {
  let settle!: (page: CachedPage | null) => void;
  const promise = new Promise<CachedPage | null>((resolve) => (settle = resolve));
  pending.set(key, promise);
  return (page) => {
    if (pending.get(key) === promise) pending.delete(key);
    settle(page);
  };
}

export function clearPageCacheForTests(options: { enabled?: boolean | null } = {}) {
  pages.clear();
  pending.clear();
  if (options.enabled !== undefined) enabledOverride = options.enabled;
}
