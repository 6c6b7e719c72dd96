import { eq } from "drizzle-orm";
import { scoreName } from "~/domain/score";
import { wordClassOf } from "~/domain/swedish-words";
import type { PremiumDomainInput } from "~/lib/admin-forms";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { recordDomainEvents } from "~/server/domains/events.server";
import { loadSwedishWordIndex } from "~/server/scoring/swedish-words.server";
import { invalidateDomainCaches } from "~/server/cache/domain-cache.server";
import { refreshFamilyFlagsAfter } from "~/server/zone/family-flags.server";

export type AddPremiumDomainResult =
  | { ok: true; name: string; unicodeName: string; created: true }
  | { ok: true; name: string; unicodeName: string; created: false; previousStatus: string }
  | { ok: false; reason: "already-premium" | "conflict" };

/**
 * A new premium name (docs/product.md, "Premium names"): status premium, featured. A name we already
 * know under another status (soon available, registered ...) becomes premium
 * in place — its history, release date and bookmarks stay — instead of the
 * insert failing on the existing key.
 */
export async function addPremiumDomain(db: Db, input: PremiumDomainInput, actor: { id: string }): Promise<AddPremiumDomainResult> {
  const source = `admin:${actor.id}`;
  const result = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ status: domains.status, description: domains.description })
      .from(domains)
      .where(eq(domains.name, input.ace))
      .for("update");
    if (existing?.status === "premium") return { ok: false, reason: "already-premium" } as const;

    if (existing) {
      await tx
        .update(domains)
        .set({
          status: "premium",
          isFeatured: true,
          price: input.price,
          // An empty description in the form keeps the one the name already has.
          description: input.description ?? existing.description,
          updatedAt: new Date(),
        })
        .where(eq(domains.name, input.ace));
      await recordDomainEvents(tx as unknown as Db, [
        { domainName: input.ace, type: "premium-added", fromStatus: existing.status, toStatus: "premium", source },
      ]);
      return { ok: true, name: input.ace, unicodeName: input.unicode, created: false, previousStatus: existing.status } as const;
    }

    const inserted = await tx
      .insert(domains)
      .values({
        name: input.ace,
        unicodeName: input.unicode,
        tld: input.tld,
        status: "premium",
        isFeatured: true,
        length: input.length,
        score: scoreName(input.unicode, loadSwedishWordIndex().words),
        wordClass: wordClassOf(input.unicode, loadSwedishWordIndex()),
        price: input.price,
        description: input.description,
      })
      .onConflictDoNothing()
      .returning({ name: domains.name });
    // Another request created the name between our read and this insert.
    if (inserted.length === 0) return { ok: false, reason: "conflict" } as const;
    await recordDomainEvents(tx as unknown as Db, [{ domainName: input.ace, type: "premium-added", toStatus: "premium", source }]);
    return { ok: true, name: input.ace, unicodeName: input.unicode, created: true } as const;
    // Public sections and counts cached in this process are stale once this commits.
  }).finally(invalidateDomainCaches);
  if (result.ok && result.created) {
    // A new name's siblings and twins (decision 0087): after the commit, logged and not failing the add
    // if it fails; the caches again, which may have read the name without them meanwhile.
    await refreshFamilyFlagsAfter(db, { name: result.name, after: "premium name added" }, { names: [result.name] });
    invalidateDomainCaches();
  }
  return result;
}
