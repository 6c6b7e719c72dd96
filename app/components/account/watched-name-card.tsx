import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";
import { DomainNameText } from "~/components/domain-name-text";
import { Badge } from "~/components/ui/badge";
import type { CardHeadingLevel } from "~/components/domain-card";
import { unlistedWatchState, type WatchedName } from "~/domain/watches";

/**
 * A watched name on none of our lists, as a card beside the listed names'
 * cards: the name, what the registry's zone says of it, and that it is on no
 * list. Links to its page, like every card.
 */
export function WatchedNameCard({
  watch,
  headingLevel,
  action,
}: {
  watch: WatchedName;
  headingLevel: CardHeadingLevel;
  action: ReactNode;
}) {
  const state = unlistedWatchState(watch.zone);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card" data-domain={watch.unicodeName} data-unlisted="true">
      <Link to={`/d/${encodeURIComponent(watch.unicodeName)}`} className="card-link">
        <span className="card-ribbons" />
        <Heading className="card-name" style={{ "--label-chars": Math.max(1, watch.unicodeName.lastIndexOf(".")) } as CSSProperties}>
          <DomainNameText name={watch.unicodeName} />
        </Heading>
        <span className="card-status">
          <Badge variant={state.delegated ? "muted" : "outline"}>{state.label}</Badge>
          <span className="basis-full">{state.detail}</span>
        </span>
        <span className="card-score">Inte på våra listor</span>
      </Link>
      <div className="card-action">{action}</div>
    </article>
  );
}
