import { and, eq } from "drizzle-orm";
import type { DomainStatus } from "~/domain/labels";
import { todayUtc } from "~/domain/release";
import {
  daysLeftUntil,
  placeCatch,
  releaseChance,
  RENEWAL_CURVE_MAX_DAYS_LEFT,
  type CatchBucketKey,
  type DomainReleaseStats,
} from "~/domain/statistics";
import type { Db } from "~/server/db/client.server";
import { releaseOutcomes, statsRenewalCurve } from "~/server/db/schema/index.server";

/**
 * The statistics' word on one name (docs/product.md, "Statistics"): for a soon-available name its
 * chance to be released, from the renewal curve at its days left; for one registered again after
 * its release, how soon it was seen taken. One key lookup either way; null when there is nothing to say.
 */
export async function loadDomainReleaseStats(
  db: Db,
  name: { ace: string; status: DomainStatus; releaseDate: string | null },
  now: Date,
): Promise<DomainReleaseStats | null> {
  if (name.releaseDate === null) return null;
  if (name.status === "soonavailable") {
    const daysLeft = Math.max(0, daysLeftUntil(name.releaseDate, todayUtc(now)));
    const [point] = await db
      .select()
      .from(statsRenewalCurve)
      .where(eq(statsRenewalCurve.daysLeft, Math.min(daysLeft, RENEWAL_CURVE_MAX_DAYS_LEFT)));
    return { kind: "chance", chance: releaseChance(point, daysLeft) };
  }
  if (name.status !== "registered") return null;
  const [outcome] = await db
    .select({ lastFreeAt: releaseOutcomes.lastFreeAt, takenAt: releaseOutcomes.takenAt })
    .from(releaseOutcomes)
    .where(and(eq(releaseOutcomes.domainName, name.ace), eq(releaseOutcomes.releaseDate, name.releaseDate)));
  if (!outcome?.takenAt) return null;
  const placement = placeCatch({ releaseDate: name.releaseDate, lastFreeAt: outcome.lastFreeAt, takenAt: outcome.takenAt });
  return { kind: "caught", state: placement.state as CatchBucketKey, byNextCheck: placement.byNextCheck };
}
