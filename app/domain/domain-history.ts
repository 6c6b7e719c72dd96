// A name's history on its page: the events its writers recorded, completed
// with what the page states elsewhere from the name's releases (its listing,
// release, first "free" answer, catch and renewal, release_outcomes), so the
// history never says less than the page beside it (docs/product.md, "Names on
// cards and the domain page"). Names stored without events (the demo data, a
// release measured before events were written) still have their story.
import type { DomainEvent } from "./domain-page";

/** One release of a name as release_outcomes keeps it; dates are ISO dates, instants ISO strings. */
export type ReleaseFacts = {
  releaseDate: string;
  listedOn: string;
  renewedOn: string | null;
  releasedAt: string | null;
  firstFreeAt: string | null;
  takenAt: string | null;
};

/** Which recorded event types tell each fact (a status change back onto the list is a listing). */
const TOLD_BY: Record<FactType, (event: DomainEvent) => boolean> = {
  imported: (event) =>
    event.type === "imported" ||
    event.type === "release-date-changed" ||
    (event.type === "status-changed" && event.toStatus === "soonavailable"),
  released: (event) => event.type === "released",
  "seen-free": (event) => event.type === "seen-free",
  taken: (event) => event.type === "taken",
  renewed: (event) => event.type === "renewed",
};
type FactType = "imported" | "released" | "seen-free" | "taken" | "renewed";

/**
 * The recorded events with every fact of the releases that no event of its
 * kind tells within that release (from its listing day to the next
 * release's), newest first, at most `limit`. A fact's entry has a negative id
 * (it has no row of its own) and the time of the fact.
 */
export function completeDomainHistory(events: DomainEvent[], releases: ReleaseFacts[], limit: number): DomainEvent[] {
  const ordered = [...releases].sort((a, b) => (a.releaseDate < b.releaseDate ? -1 : a.releaseDate > b.releaseDate ? 1 : 0));
  const derived: DomainEvent[] = [];
  ordered.forEach((release, index) => {
    const from = Date.parse(`${release.listedOn}T00:00:00Z`);
    const next = ordered[index + 1];
    const until = next ? Date.parse(`${next.listedOn}T00:00:00Z`) : Number.POSITIVE_INFINITY;
    const told = (type: FactType) =>
      events.some((event) => {
        const at = Date.parse(event.createdAt);
        return at >= from && at < until && TOLD_BY[type](event);
      });
    const facts: [FactType, string | null, string | null][] = [
      ["imported", `${release.listedOn}T00:00:00.000Z`, "soonavailable"],
      ["released", release.releasedAt, "available"],
      ["seen-free", release.firstFreeAt, "available"],
      ["taken", release.takenAt, "registered"],
      ["renewed", release.renewedOn && `${release.renewedOn}T00:00:00.000Z`, "renewed"],
    ];
    for (const [type, at, toStatus] of facts) {
      if (at === null || told(type)) continue;
      derived.push({
        id: -(derived.length + 1),
        type,
        fromStatus: null,
        toStatus,
        detail: `release date ${release.releaseDate}`,
        createdAt: new Date(at).toISOString(),
      });
    }
  });
  return [...events, ...derived].sort(newestFirst).slice(0, limit);
}

// Newest first; at the same instant the later step of a release first (a catch after its "free"), then the higher id.
const STEP_ORDER = ["imported", "released", "seen-free", "taken", "renewed"];
function newestFirst(a: DomainEvent, b: DomainEvent): number {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byTime !== 0) return byTime;
  const [stepA, stepB] = [STEP_ORDER.indexOf(a.type), STEP_ORDER.indexOf(b.type)];
  return stepA >= 0 && stepB >= 0 && stepA !== stepB ? stepB - stepA : b.id - a.id;
}
