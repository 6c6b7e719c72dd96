// Swedish labels for a name's status and score, and the one rule that makes a
// soon-available name count as available once its release time has passed.
import { isReleased } from "./release-instant";
import { isValidIsoDate } from "./utc-dates";

export const DOMAIN_STATUSES = ["soonavailable", "available", "registered", "renewed", "premium", "unlisted"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

const STATUS_LABELS: Record<DomainStatus, string> = {
  soonavailable: "Snart tillgänglig",
  available: "Tillgänglig",
  registered: "Registrerad",
  renewed: "Förnyad",
  premium: "Premium",
  unlisted: "Ej listad",
};

export const UNKNOWN_STATUS_LABEL = "Okänd status";

/** What a premium card says beside its price: the name is registered and for sale, not free to register (docs/product.md, "Statuses"). */
export const PREMIUM_CARD_TEXT = "Till salu";

export function isDomainStatus(value: unknown): value is DomainStatus {
  return typeof value === "string" && (DOMAIN_STATUSES as readonly string[]).includes(value);
}

/** Accepts any string because statuses arrive from the database and URLs. */
export function statusLabel(status: string): string {
  return isDomainStatus(status) ? STATUS_LABELS[status] : UNKNOWN_STATUS_LABEL;
}

/**
 * The status to show now (docs/product.md, "Statuses"): the daily job flips soonavailable to
 * available some hours after 04:00 UTC, and visitors must not see a stale
 * "Snart tillgänglig" in between. A Date is read as its UTC calendar date.
 */
export function effectiveStatus(
  status: DomainStatus,
  releaseDate: string | Date | null | undefined,
  now: Date,
): DomainStatus {
  if (status !== "soonavailable" || releaseDate == null) return status;
  const isoDate = typeof releaseDate === "string" ? releaseDate : toIsoDate(releaseDate);
  if (isoDate === null || !isValidIsoDate(isoDate)) return status;
  return isReleased(isoDate, now) ? "available" : status;
}

export type ScoreLabel = "Utmärkt" | "Mycket bra" | "Bra" | "Genomsnittlig" | "Mindre bra";

/** Lowest score for each label, best first; below the last is "Mindre bra". */
export const SCORE_THRESHOLDS: readonly { min: number; label: ScoreLabel }[] = [
  { min: 80, label: "Utmärkt" },
  { min: 65, label: "Mycket bra" },
  { min: 50, label: "Bra" },
  { min: 35, label: "Genomsnittlig" },
];

export function scoreLabel(score: number): ScoreLabel {
  return SCORE_THRESHOLDS.find((threshold) => score >= threshold.min)?.label ?? "Mindre bra";
}

function toIsoDate(date: Date): string | null {
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}
