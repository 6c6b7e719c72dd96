import type { ReactNode } from "react";
import { BookmarkToggle } from "~/components/bookmark-toggle";
import { DomainCard, type CardHeadingLevel } from "~/components/domain-card";
import type { DomainCardData } from "~/domain/domain-card";
import type { GridBookmarks } from "~/domain/list-page";
import { MORE_ANCHOR } from "~/lib/listing-params";

type DomainGridProps = {
  domains: readonly DomainCardData[];
  /** The loader's clock, epoch ms (see DomainCard). */
  now: number;
  /** The cards' heading level: 2 on a page whose only heading above is its h1, 3 in a section under an h2. */
  headingLevel: CardHeadingLevel;
  /** When given, each card gets a bookmark toggle in its corner. */
  bookmarks?: GridBookmarks;
  /** Overrides the bookmark toggle, e.g. a "remove" button on the account page. */
  renderAction?: (domain: DomainCardData) => ReactNode;
  /** Accessible name of the list, e.g. the section heading's text. */
  label?: string;
  /** ACE names new to the saved search the view was opened from: their cards say "Ny". */
  newNames?: ReadonlySet<string>;
  /** The card that carries the MORE_ANCHOR id ("Visa fler" without JavaScript lands there). */
  anchorIndex?: number | null;
};

/** One column on phones, two on tablets, four on wide screens. */
export function DomainGrid({ domains, now, headingLevel, bookmarks, renderAction, label, newNames, anchorIndex }: DomainGridProps) {
  const bookmarked = new Set(bookmarks?.names ?? []);
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="domain-grid">
      {domains.map((domain, index) => (
        <li key={domain.name} id={index === anchorIndex ? MORE_ANCHOR : undefined}>
          <DomainCard
            domain={domain}
            now={now}
            headingLevel={headingLevel}
            isNew={newNames?.has(domain.name)}
            action={
              renderAction
                ? renderAction(domain)
                : bookmarks && (
                    <BookmarkToggle
                      variant="icon"
                      domainName={domain.name}
                      unicodeName={domain.unicodeName}
                      bookmarked={bookmarked.has(domain.name)}
                      signedIn={bookmarks.signedIn}
                    />
                  )
            }
          />
        </li>
      ))}
    </ul>
  );
}
