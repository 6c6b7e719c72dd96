import type { ReactNode } from "react";
import { ZONE_SOURCE_NAME, ZONE_SOURCE_URL } from "~/domain/zone-source";

/**
 * "Zondata: Internetstiftelsen", linking to the registry's page on its zone files: named wherever
 * the pages say what the zone says. `after` continues the sentence (the snapshot's time, a caveat).
 */
export function ZoneSource({ after, testId }: { after?: ReactNode; testId?: string }) {
  return (
    <p className="text-sm text-slate-600" data-testid={testId}>
      Zondata:{" "}
      <a href={ZONE_SOURCE_URL} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2 hover:text-slate-900">
        {ZONE_SOURCE_NAME}
        <span className="sr-only"> (öppnas i en ny flik)</span>
      </a>
      {after}
    </p>
  );
}
