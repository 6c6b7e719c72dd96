import type { Db } from "~/server/db/client.server";
import { domainEvents } from "~/server/db/schema/index.server";

export type DomainEventInput = {
  domainName: string;
  /** "imported", "status-changed", "renewed", "released", "taken", "featured", "unfeatured", "description-changed", "premium-added", "price-changed" ... */
  type: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  detail?: string | null;
  /** Who or what made the change: "import:<run id>", "job:release-update", "admin:<user id>". */
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
