import { formatDateSv } from "~/domain/format";
import { DetailSection } from "./detail-section";
import { describeDomainEvent } from "./event-description";
import type { DomainEventView } from "./types";

/** The name's events, newest first, as the loader returns them. */
export function DomainHistory({ events }: { events: DomainEventView[] }) {
  return (
    <DetailSection id="history" title="Historik">
      {events.length === 0 ? (
        <p className="text-slate-700">Ingen historik har registrerats för domänen ännu.</p>
      ) : (
        <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
          {events.map((event) => (
            <li key={event.id} className="space-y-0.5">
              <time dateTime={event.createdAt} className="block text-sm text-slate-600">
                {formatDateSv(event.createdAt)}
              </time>
              <span className="block text-slate-900">{describeDomainEvent(event)}</span>
            </li>
          ))}
        </ol>
      )}
    </DetailSection>
  );
}
