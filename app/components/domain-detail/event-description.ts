import { statusLabel } from "~/domain/labels";
import type { DomainEventView } from "./types";

// Event types are written by the import, the jobs and the backoffice
// (see events.server.ts); each gets a sentence a visitor understands.
const DESCRIPTIONS: Record<string, string> = {
  imported: "Kom med på registrets lista över domäner som snart släpps",
  released: "Släpptes och blev tillgänglig för registrering",
  "seen-free": "Registret svarade för första gången efter släppet att domänen är ledig",
  taken: "Registrerades av en ny innehavare",
  renewed: "Förnyades av innehavaren och togs bort från släpplistan",
  featured: "Markerades som utvald",
  unfeatured: "Är inte längre utvald",
  "description-changed": "Beskrivningen uppdaterades",
  "premium-added": "Lades till som premiumdomän",
  "premium-removed": "Är inte längre premiumdomän",
  "price-changed": "Priset ändrades",
  "release-date-changed": "Släppdatumet ändrades",
};

/** A Swedish sentence for one history entry. Unknown types still say something true. */
export function describeDomainEvent(event: Pick<DomainEventView, "type" | "fromStatus" | "toStatus">): string {
  const known = DESCRIPTIONS[event.type];
  if (known) return known;
  if (event.fromStatus && event.toStatus) {
    return `Status ändrades från ${statusLabel(event.fromStatus).toLowerCase()} till ${statusLabel(event.toStatus).toLowerCase()}`;
  }
  if (event.toStatus) return `Status ändrades till ${statusLabel(event.toStatus).toLowerCase()}`;
  return "Uppgifterna uppdaterades";
}
