import { formatStockholmDateTimeSv } from "~/domain/format";
import {
  delegatedSinceText,
  lastChangeText,
  notInZoneText,
  operatorText,
  ZONE_SOURCE_NAME,
  ZONE_SOURCE_URL,
  zoneLineText,
  type ZoneFacts,
} from "~/domain/zone-facts";
import { ZoneSource } from "~/components/zone-source";
import { DetailSection } from "./detail-section";
import type { ShownStatus } from "./types";

/**
 * What the registry's zone says of a name on none of our lists (docs/product.md,
 * "A name in the zone"): since when it is delegated, where it points, its last
 * change; or that it is not in the zone. Nothing without a snapshot of its TLD.
 */
export function ZoneSection({ zone, status }: { zone: ZoneFacts | null; status: ShownStatus }) {
  if (!zone) return null;
  if (!zone.delegated) {
    return (
      <DetailSection id="zone" title="I registrets zon">
        <p className="text-slate-800">{notInZoneText(zone, status)}</p>
        <ZoneSource after={`, ögonblicksbild ${formatStockholmDateTimeSv(zone.snapshotAt)} (svensk tid).`} />
      </DetailSection>
    );
  }
  const change = lastChangeText(zone.lastChange);
  return (
    <DetailSection id="zone" title="I registrets zon">
      <p className="font-medium text-slate-900">{delegatedSinceText(zone)}</p>
      {zone.operator && <p className="text-slate-800">{`${operatorText(zone, { capital: true })}.`}</p>}
      <dl className="grid gap-x-4 gap-y-1 text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Namnservrar:</dt>
        <dd className="break-all">{zone.nameServers.join(", ")}</dd>
        <dt className="text-slate-600">DNSSEC (DS-post):</dt>
        <dd>{zone.hasDs ? "Ja" : "Nej"}</dd>
      </dl>
      {change && <p className="text-slate-800">{change}</p>}
      <ZoneSource after={`, ögonblicksbild ${formatStockholmDateTimeSv(zone.snapshotAt)} (svensk tid).`} />
    </DetailSection>
  );
}

/** A listed name's one line about the zone, under its facts; `releaseDate` lets a catch on the release day say so. */
export function ZoneLine({
  zone,
  status,
  releaseDate = null,
}: {
  zone: ZoneFacts | null;
  status: ShownStatus;
  releaseDate?: string | null;
}) {
  if (!zone) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="zone-line">
      {zoneLineText(zone, status, releaseDate)} ·{" "}
      <a href={ZONE_SOURCE_URL} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2 hover:text-slate-900">
        Zondata: {ZONE_SOURCE_NAME}
        <span className="sr-only"> (öppnas i en ny flik)</span>
      </a>
    </p>
  );
}
