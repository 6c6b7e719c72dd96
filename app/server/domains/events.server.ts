/**
 * A name's history: the events written with every status change, and reading them back.
 */
import { asc, desc, eq } from "drizzle-orm";
import type { ReleaseFacts } from "~/domain/domain-history";
import type { DomainEvent } from "~/domain/domain-page";
import type { Db } from "~/server/db/client.server";
import { domainEvents, releaseOutcomes } from "~/server/db/schema/index.server";

export type DomainEventInput = {
  domainName: string;
  /** "imported", "status-changed", "renewed", "released", "seen-free", "taken", "featured", "unfeatured", "description-changed", "premium-added", "price-changed" ... */
  type: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  detail?: string | null;
  /** Who or what made the change: "import:<run id>", "job:release-update", "admin:<user id>", "zone:<zone run id>". */
  source?: string | null;
};

/** Appends to the names' history (shown newest first on the domain page). */
export async function recordDomainEvents(db: Db, events: DomainEventInput[]) {
  if (events.length === 0) return;
  await db.insert(domainEvents).values(
    events.map((event) => ({
      domainName: event.domainName,
      type: event.type,
      fromStatus: event.fromStatus ?? null,
      toStatus: event.toStatus ?? null,
      detail: event.detail ?? null,
      source: event.source ?? null,
    })),
  );
}

/** The page shows the recent story; a name imported every night for years must not load it all. */
export const DOMAIN_EVENTS_LIMIT = 50;

/** An event's columns as its readers select them (the name's page, the watch list's feed). */
export const domainEventColumns = {
  id: domainEvents.id,
  type: domainEvents.type,
  fromStatus: domainEvents.fromStatus,
  toStatus: domainEvents.toStatus,
  detail: domainEvents.detail,
  createdAt: domainEvents.createdAt,
};

/** A name's history, newest first (index domain_events_domain_created_idx). */
export async function findDomainEvents(db: Db, aceName: string, limit = DOMAIN_EVENTS_LIMIT): Promise<DomainEvent[]> {
  const rows = await db
    .select(domainEventColumns)
    .from(domainEvents)
    .where(eq(domainEvents.domainName, aceName))
    // id breaks ties between events written in one transaction (same timestamp).
    .orderBy(desc(domainEvents.createdAt), desc(domainEvents.id))
    .limit(Math.max(1, Math.min(limit, DOMAIN_EVENTS_LIMIT)));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** A release's columns as its readers select them (the name's page, the watch list's feed). */
export const releaseFactColumns = {
  releaseDate: releaseOutcomes.releaseDate,
  listedOn: releaseOutcomes.listedOn,
  renewedOn: releaseOutcomes.renewedOn,
  releasedAt: releaseOutcomes.releasedAt,
  firstFreeAt: releaseOutcomes.firstFreeAt,
  takenAt: releaseOutcomes.takenAt,
};

/** A row of releaseFactColumns with its times as ISO strings. */
export function toReleaseFacts<Row extends { releasedAt: Date | null; firstFreeAt: Date | null; takenAt: Date | null }>(row: Row) {
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return { ...row, releasedAt: iso(row.releasedAt), firstFreeAt: iso(row.firstFreeAt), takenAt: iso(row.takenAt) };
}

/** Every release of a name as release_outcomes keeps it, oldest first: what completeDomainHistory completes the events with. */
export async function findReleaseFacts(db: Db, aceName: string): Promise<ReleaseFacts[]> {
  const rows = await db
    .select(releaseFactColumns)
    .from(releaseOutcomes)
    .where(eq(releaseOutcomes.domainName, aceName))
    .orderBy(asc(releaseOutcomes.releaseDate));
  return rows.map(toReleaseFacts);
}
