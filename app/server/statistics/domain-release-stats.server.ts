import type { DomainStatus } from "~/domain/labels";
import { daysLeftUntilRelease } from "~/domain/countdown";
import { releaseMorningEnd } from "~/domain/release-morning";
import {
  placeCatch,
  releaseChance,
  RENEWAL_CURVE_MAX_DAYS_LEFT,
  type CatchBucketKey,
  type DomainReleaseStats,
} from "~/domain/statistics";
import { cachedDomainQuery } from "~/server/cache/domain-cache.server";
import type { Db } from "~/server/db/client.server";
import { statsRenewalCurve } from "~/server/db/schema/index.server";

/** What was seen of a name's release on its stored release date (release_outcomes); all null when nothing was. */
export type ReleaseOutcomeTimes = { firstFreeAt: Date | null; lastFreeAt: Date | null; takenAt: Date | null };

/**
 * The statistics' word on one name (docs/product.md, "Statistics"): for a soon-available name its
 * chance to be released, from the renewal curve at its days left; for a released one, when its
 * release morning's rounds saw it free (and taken again), and how soon it was seen registered
 * again, from the outcome read with the name's row (getDomainDetail). Null when there is nothing to say.
 */
export async function loadDomainReleaseStats(
  db: Db,
  name: { status: DomainStatus; releaseDate: string | null; outcome: ReleaseOutcomeTimes },
  now: Date,
): Promise<DomainReleaseStats | null> {
  if (name.releaseDate === null) return null;
  if (name.status === "soonavailable") {
    // The countdown's days (one rule): the curve's point for the days the page counts down.
    const daysLeft = daysLeftUntilRelease(name.releaseDate, now);
    // The curve is a few dozen rows, the same for every name: read once for every page that needs it
    // until the names (and with them the statistics) change, which saves most name pages a round trip.
    const curve = await cachedDomainQuery(db, "renewal-curve", () => db.select().from(statsRenewalCurve));
    const point = curve.find((row) => row.daysLeft === Math.min(daysLeft, RENEWAL_CURVE_MAX_DAYS_LEFT));
    return { kind: "chance", chance: releaseChance(point, daysLeft) };
  }
  if (name.status !== "registered" && name.status !== "available") return null;
  const { outcome } = name;
  const morningEnd = releaseMorningEnd(name.releaseDate).getTime();
  const measuredMorning = outcome.firstFreeAt !== null && outcome.firstFreeAt.getTime() < morningEnd;
  const morning = measuredMorning
    ? {
        freeAt: outcome.firstFreeAt!.toISOString(),
        takenAt: outcome.takenAt && outcome.takenAt.getTime() < morningEnd ? outcome.takenAt.toISOString() : null,
      }
    : null;
  const placement = outcome.takenAt
    ? placeCatch({ releaseDate: name.releaseDate, lastFreeAt: outcome.lastFreeAt, takenAt: outcome.takenAt })
    : null;
  const caught = placement ? { state: placement.state as CatchBucketKey, byNextCheck: placement.byNextCheck } : null;
  return morning || caught ? { kind: "released", caught, morning } : null;
}
