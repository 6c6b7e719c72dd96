import { and, eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { type DomainEventInput, recordDomainEvents } from "~/server/domains/events.server";
import { invalidateDomainCaches } from "~/server/cache/domain-cache.server";

/** A premium name's price and description, only while it is premium (docs/product.md, "Premium names"). */
export async function updatePremiumDomain(
  db: Db,
  aceName: string,
  changes: { price: number | null; description: string | null },
  actor: { id: string },
): Promise<{ ok: true } | { ok: false; reason: "not-found" }> {
  return db.transaction(async (tx) => {
    const where = and(eq(domains.name, aceName), eq(domains.status, "premium"));
    const [current] = await tx.select({ price: domains.price, description: domains.description }).from(domains).where(where).for("update");
    if (!current) return { ok: false, reason: "not-found" } as const;
    await tx
      .update(domains)
      .set({ ...changes, updatedAt: new Date() })
      .where(where);

    const source = `admin:${actor.id}`;
    const events: DomainEventInput[] = [];
    if (current.price !== changes.price) {
      events.push({
        domainName: aceName,
        type: "price-changed",
        detail: `${current.price ?? "none"} -> ${changes.price ?? "none"}`,
        source,
      });
    }
    if (current.description !== changes.description) events.push({ domainName: aceName, type: "description-changed", source });
    await recordDomainEvents(tx as unknown as Db, events);
    return { ok: true } as const;
    // Public sections and counts cached in this process are stale once this commits.
  }).finally(invalidateDomainCaches);
}
