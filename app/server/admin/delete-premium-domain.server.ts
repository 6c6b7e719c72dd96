import { and, count, eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { bookmarks, domains } from "~/server/db/schema/index.server";
import { recordDomainEvents } from "~/server/domains/events.server";
import { invalidateDomainCaches } from "~/server/cache/domain-cache.server";

/**
 * Deletes a name only while it is premium (docs/product.md, "Premium names"). Users' watches of
 * the name stay (they are kept by name: decision 0076), and so does its
 * history, with this deletion as the last entry, so the name's story is not lost.
 */
export async function deletePremiumDomain(
  db: Db,
  aceName: string,
  actor: { id: string },
): Promise<{ ok: true; watchers: number } | { ok: false; reason: "not-found" }> {
  return db.transaction(async (tx) => {
    const [bookmarked] = await tx.select({ total: count() }).from(bookmarks).where(eq(bookmarks.domainName, aceName));
    const deleted = await tx
      .delete(domains)
      .where(and(eq(domains.name, aceName), eq(domains.status, "premium")))
      .returning({ name: domains.name });
    if (deleted.length === 0) return { ok: false, reason: "not-found" } as const;
    await recordDomainEvents(tx as unknown as Db, [
      { domainName: aceName, type: "premium-removed", fromStatus: "premium", source: `admin:${actor.id}` },
    ]);
    return { ok: true, watchers: Number(bookmarked?.total ?? 0) } as const;
    // Public sections and counts cached in this process are stale once this commits.
  }).finally(invalidateDomainCaches);
}
