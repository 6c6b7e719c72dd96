import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { DomainGrid } from "~/components/domain-grid";
import { ListSkeleton } from "~/components/list-skeleton";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import type { DomainCardData } from "~/domain/domain-card";
import type { SimilarDomainsData } from "~/domain/domain-page";
import type { GridBookmarks } from "~/domain/list-page";
import { similarDomainsPath } from "~/lib/domain-path";
import { DetailSection } from "./detail-section";

export const SIMILAR_TITLE = "Liknande domäner";
export const NO_SIMILAR_DOMAINS = "Vi hittade inga liknande domäner som är lediga eller snart blir lediga.";
export const SIMILAR_FETCH_FAILED = "Kunde inte hämta liknande domäner.";
export const SHOW_SIMILAR = "Visa liknande domäner";

/** Up to eight names close to one name (trigram similarity), as cards, or the words for none. */
export function SimilarDomainsList({
  domains,
  now,
  headingLevel,
  bookmarks,
}: {
  domains: DomainCardData[];
  now: number;
  headingLevel: 2 | 3;
  bookmarks: GridBookmarks;
}) {
  if (domains.length === 0) return <p className="text-slate-700">{NO_SIMILAR_DOMAINS}</p>;
  return <DomainGrid domains={domains} now={now} headingLevel={headingLevel} bookmarks={bookmarks} label={SIMILAR_TITLE} />;
}

/**
 * The name page's "Liknande domäner", loaded when the section comes near the
 * screen (decision 0035): finding them is the page's slowest read, and most
 * views never scroll this far. Without JavaScript the section links to the
 * same names on their own page. Key it by the name, so another name's page
 * starts over.
 */
export function SimilarDomainsSection({ unicodeName }: { unicodeName: string }) {
  const fetcher = useFetcher<SimilarDomainsData | null>();
  const hydrated = useHydrated();
  const section = useRef<HTMLDivElement>(null);
  const path = similarDomainsPath(unicodeName);
  const { load } = fetcher;

  useEffect(() => {
    const element = section.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      void load(path);
      return;
    }
    // A screen's height ahead, so the names are usually there before the section is seen.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load(path);
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [load, path]);

  const result = fetcher.data;
  const loading = fetcher.state !== "idle" || (hydrated && result === undefined);
  return (
    <DetailSection id="similar" title={SIMILAR_TITLE}>
      <div ref={section}>
        {result ? (
          <SimilarDomainsList
            domains={result.similar}
            now={Date.parse(result.serverNow)}
            headingLevel={3}
            bookmarks={{ signedIn: result.signedIn, names: result.bookmarkedNames }}
          />
        ) : loading ? (
          <ListSkeleton count={4} />
        ) : result === null ? (
          <div className="flex flex-wrap items-center gap-3" role="alert">
            <p className="text-slate-700">{SIMILAR_FETCH_FAILED}</p>
            <Button type="button" variant="outline" onClick={() => void load(path)}>
              Försök igen
            </Button>
          </div>
        ) : (
          <p>
            <Link to={path} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              {SHOW_SIMILAR}
            </Link>
          </p>
        )}
      </div>
    </DetailSection>
  );
}
