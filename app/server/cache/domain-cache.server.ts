import type { Db } from "~/server/db/client.server";

/**
 * How long home-page sections may be reused. Domains change in nightly jobs
 * and the odd admin edit; those call invalidateDomainCaches(), but only in
 * their own process. With several app instances another instance keeps its
 * copy until it expires, so this stays short (see docs/decisions/0007-caching-and-several-instances.md).
 */
export const DOMAIN_CACHE_TTL_MS = 30_000;

let version = 0;

/** Bumped whenever domains change (jobs, imports, admin edits): every cached section and count is stale from then on. */
export function invalidateDomainCaches(): void {
  version++;
}

/**
 * Awaits a change to domains (a transaction, a job's work) and then drops the
 * caches, also when it failed part-way: one line at each call site.
 */
export async function afterDomainChange<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } finally {
    invalidateDomainCaches();
  }
}

/** The current version; a cache entry made under an older one is not used. */
export function domainCacheVersion(): number {
  return version;
}

type Entry = { expires: number; version: number; value: Promise<unknown> };
const caches = new WeakMap<Db, Map<string, Entry>>();

/** Keys include free text (the backoffice's filter sets), so the map is bounded: years of searches must not pile up. */
const MAX_ENTRIES = 1000;

/** Drops expired and stale entries, then the oldest (a Map keeps insertion order) until under the bound. */
function evict(cache: Map<string, Entry>, now: number) {
  for (const [key, entry] of cache) if (entry.expires <= now || entry.version !== version) cache.delete(key);
  for (const key of cache.keys()) {
    if (cache.size <= MAX_ENTRIES) break;
    cache.delete(key);
  }
}

/** Whether `key` has a live entry (loaded or loading) that cachedDomainQuery would return. */
export function hasCachedDomainQuery(db: Db, key: string, now: number = Date.now()): boolean {
  const hit = caches.get(db)?.get(key);
  return hit !== undefined && hit.expires > now && hit.version === version;
}

/**
 * `load()` reused for `ttlMs` per database and key, until domains change.
 * Concurrent requests share one load; a failed load is not kept. Keyed per
 * database so tests with fresh databases never see each other's rows.
 */
export function cachedDomainQuery<T>(
  db: Db,
  key: string,
  load: () => Promise<T>,
  ttlMs: number = DOMAIN_CACHE_TTL_MS,
  now: number = Date.now(),
): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.expires > now && hit.version === version) return hit.value as Promise<T>;
  const value = load();
  const entry: Entry = { expires: now + ttlMs, version, value };
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > MAX_ENTRIES) evict(cache, now);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}
