import { domainCacheVersion } from "../cache/domain-cache.server";
import type { Db } from "../db/client.server";

/** How long a list's total may be reused. Lists change in nightly imports and the odd admin edit. */
export const COUNT_TTL_MS = 15_000;

type Entry = { expires: number; value: Promise<number>; version: number };
const caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * An exact count reused for COUNT_TTL_MS per database and key. Counting the
 * soon-available list reads hundreds of thousands of index entries at a
 * million names (see bench:search); every page view doing that is wasted
 * work when the answer changes once a night. Concurrent requests share one
 * count; a failed count is not kept.
 */
export function cachedCount(db: Db, key: string, count: () => Promise<number>, now: number = Date.now()): Promise<number> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  // Also stale once domains changed in this process (invalidateDomainCaches, app/server/cache).
  if (hit && hit.expires > now && hit.version === domainCacheVersion()) return hit.value;
  const value = count();
  const entry = { expires: now + COUNT_TTL_MS, value, version: domainCacheVersion() };
  cache.set(key, entry);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}
