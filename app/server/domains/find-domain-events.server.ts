import { desc, eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import type { DomainEvent } from "~/domain/domain-page";
import { domainEvents } from "~/server/db/schema/index.server";

/** The page shows the recent story; a name imported every night for years must not load it all. */
export const DOMAIN_EVENTS_LIMIT = 50;

/** A name's history, newest first (index domain_events_domain_created_idx). */
export async function findDomainEvents(db: Db, aceName: string, limit = DOMAIN_EVENTS_LIMIT): Promise<DomainEvent[]> {
  const rows = await db
    .select({
      id: domainEvents.id,
      type: domainEvents.type,
      fromStatus: domainEvents.fromStatus,
      toStatus: domainEvents.toStatus,
      detail: domainEvents.detail,
      createdAt: domainEvents.createdAt,
    })
    .from(domainEvents)
    .where(eq(domainEvents.domainName, aceName))
    // id breaks ties between events written in one transaction (same timestamp).
    .orderBy(desc(domainEvents.createdAt), desc(domainEvents.id))
    .limit(Math.max(1, Math.min(limit, DOMAIN_EVENTS_LIMIT)));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
