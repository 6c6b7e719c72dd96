import { DomainGrid } from "~/components/domain-grid";
import type { GridBookmarks } from "~/domain/list-page";
import type { DomainCardData } from "~/domain/domain-card";
import { DetailSection } from "./detail-section";

/** Up to eight names close to this one (trigram similarity), as cards. */
export function SimilarDomains({ domains, now, bookmarks }: { domains: DomainCardData[]; now: number; bookmarks: GridBookmarks }) {
  return (
    <DetailSection id="similar" title="Liknande domäner">
      {domains.length === 0 ? (
        <p className="text-slate-700">Vi hittade inga liknande domäner som är lediga eller snart blir lediga.</p>
      ) : (
        <DomainGrid domains={domains} now={now} headingLevel={3} bookmarks={bookmarks} label="Liknande domäner" />
      )}
    </DetailSection>
  );
}
