import { eq } from "drizzle-orm";
import { MAX_DESCRIPTION_LENGTH } from "~/lib/admin-forms";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { recordDomainEvents } from "~/server/domains/events.server";
import { invalidateDomainCaches } from "~/server/cache/domain-cache.server";

export type UpdateDescriptionResult = { ok: true; changed: boolean } | { ok: false; reason: "not-found" | "too-long" };

/**
 * Sets a name's description (empty text clears it) and notes the change in
 * its history. The length is checked here too: this function is the last
 * line before the database, whoever calls it.
 */
export async function updateDomainDescription(
  db: Db,
  aceName: string,
  description: string,
  actor: { id: string },
): Promise<UpdateDescriptionResult> {
  const value = description.trim() === "" ? null : description.trim();
  if (value !== null && value.length > MAX_DESCRIPTION_LENGTH) return { ok: false, reason: "too-long" };
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ description: domains.description }).from(domains).where(eq(domains.name, aceName)).for("update");
    if (!current) return { ok: false, reason: "not-found" } as const;
    if (current.description === value) return { ok: true, changed: false } as const;
    await tx.update(domains).set({ description: value, updatedAt: new Date() }).where(eq(domains.name, aceName));
    await recordDomainEvents(tx as unknown as Db, [{ domainName: aceName, type: "description-changed", source: `admin:${actor.id}` }]);
    return { ok: true, changed: true } as const;
    // Public sections and counts cached in this process are stale once this commits.
  }).finally(invalidateDomainCaches);
}
