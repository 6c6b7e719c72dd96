import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { recordDomainEvents } from "./events.server";
import { invalidateDomainCaches } from "~/server/cache/domain-cache.server";

export type FeatureActor = { id: string };

export type SetDomainFeaturedResult =
  | { found: false }
  | { found: true; featured: boolean; changed: boolean };

/**
 * Marks a name as highlighted ("utvald") or not, and records who did it in
 * the name's history. Setting the value it already has changes nothing and
 * records nothing, so a double click cannot write two events.
 */
export async function setDomainFeatured(
  db: Db,
  aceName: string,
  featured: boolean,
  actor: FeatureActor,
): Promise<SetDomainFeaturedResult> {
  return db.transaction(async (tx) => {
    // The row lock orders concurrent toggles, so the event matches what happened.
    const [current] = await tx
      .select({ isFeatured: domains.isFeatured })
      .from(domains)
      .where(eq(domains.name, aceName))
      .for("update");
    if (!current) return { found: false } as const;
    if (current.isFeatured === featured) return { found: true, featured, changed: false } as const;

    await tx.update(domains).set({ isFeatured: featured, updatedAt: new Date() }).where(eq(domains.name, aceName));
    await recordDomainEvents(tx as unknown as Db, [
      { domainName: aceName, type: featured ? "featured" : "unfeatured", source: `admin:${actor.id}` },
    ]);
    return { found: true, featured, changed: true } as const;
    // Public sections and counts cached in this process are stale once this commits.
  }).finally(invalidateDomainCaches);
}
