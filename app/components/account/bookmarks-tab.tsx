import { ChevronLeft, ChevronRight, Download, Search } from "lucide-react";
import { Link } from "react-router";
import { BookmarkToggle } from "~/components/bookmark-toggle";
import { DomainCard } from "~/components/domain-card";
import { buttonVariants } from "~/components/ui/button";
import { WATCH_IMPORT_PATH } from "~/domain/watch-import";
import { type WatchListView, watchListHref, type WatchStatePage } from "~/domain/watch-list-view";
import { WATCHES_PER_PAGE } from "~/domain/watches";
import { cn } from "~/lib/cn";
import { AccountEmptyState } from "./account-empty-state";
import { WatchChangesNote, WatchListControls, WatchStateLine } from "./watch-list-controls";
import { WatchedNameCard } from "./watched-name-card";

/**
 * "Mina bokmärken" (docs/product.md, "Accounts, bookmarks and the calendar"): the watched names,
 * a page at a time, each linking to /d/{name}: a listed name with its current status, a name on no
 * list with what the zone says of it; above each, its watch state (decision 0082), "Ny" while changed
 * since the list last showed it. Sorted and filtered by the address.
 */
export function BookmarksTab({ list, now }: { list: WatchStatePage; now: number }) {
  if (list.total === 0) {
    return (
      <AccountEmptyState
        title="Du har inga bokmärken ännu"
        to="/"
        action={
          <>
            <Search aria-hidden="true" />
            Sök domäner
          </>
        }
      >
        Bevaka domäner du vill ha genom att trycka på bokmärkesknappen på en domän, vilken .se- eller .nu-domän som helst. De samlas här.{" "}
        <Link to={WATCH_IMPORT_PATH} className="font-medium text-brand-700 underline underline-offset-2">
          Lägg till flera
        </Link>{" "}
        på en gång från en lista.
      </AccountEmptyState>
    );
  }
  const first = (list.page - 1) * WATCHES_PER_PAGE + 1;
  return (
    <section aria-labelledby="bookmarks-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="bookmarks-heading" className="text-lg font-semibold text-slate-900">
          Mina bokmärken ({list.total})
        </h2>
        <Link to={WATCH_IMPORT_PATH} className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Lägg till flera
        </Link>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          <Download aria-hidden="true" className="size-4 text-brand-700" />
          <span>Ladda ner:</span>
          <a href="/account/download/bookmarks.csv" download className="underline-offset-2 hover:underline">
            CSV för Excel
          </a>
          <a href="/account/download/bookmarks.json" download className="underline-offset-2 hover:underline">
            JSON
          </a>
        </p>
      </div>
      <WatchChangesNote changed={list.changed} view={list.view} />
      <WatchListControls view={list.view} counts={list.counts} changed={list.changed} />
      {list.matching === 0 ? (
        <p className="text-sm text-slate-700">Inga bevakningar i det här urvalet.</p>
      ) : (
        (list.pageCount > 1 || list.matching < list.total) && (
          <p className="text-sm text-slate-700">{`Visar ${first}–${first + list.watches.length - 1} av ${list.matching}.`}</p>
        )
      )}
      <ul aria-label="Mina bokmärken" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="domain-grid">
        {list.watches.map((watch) => {
          const toggle = <BookmarkToggle variant="icon" domainName={watch.name} unicodeName={watch.unicodeName} bookmarked signedIn />;
          return (
            <li key={watch.name}>
              <WatchStateLine state={watch.state} isNew={watch.isNew} />
              {watch.listed ? (
                <DomainCard domain={watch.listed} now={now} headingLevel={3} action={toggle} />
              ) : (
                <WatchedNameCard watch={watch} headingLevel={3} action={toggle} />
              )}
            </li>
          );
        })}
      </ul>
      <WatchListPager view={list.view} pageCount={list.pageCount} />
    </section>
  );
}

/** Föregående, "Sida 2 av 5", Nästa: plain links, so it works before JavaScript loads. Hidden for one page. */
function WatchListPager({ view, pageCount }: { view: WatchListView; pageCount: number }) {
  if (pageCount <= 1) return null;
  const page = view.page;
  const watchPageHref = (to: number) => watchListHref({ ...view, page: to });
  const link = buttonVariants({ variant: "outline", size: "sm" });
  const off = cn(link, "pointer-events-none opacity-50");
  return (
    <nav aria-label="Sidor i Mina bokmärken" className="flex flex-wrap items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={watchPageHref(page - 1)} className={link} rel="prev">
          <ChevronLeft aria-hidden="true" /> Föregående
        </Link>
      ) : (
        <span aria-disabled="true" className={off}>
          <ChevronLeft aria-hidden="true" /> Föregående
        </span>
      )}
      <span className="text-sm text-slate-700" aria-current="page">{`Sida ${page} av ${pageCount}`}</span>
      {page < pageCount ? (
        <Link to={watchPageHref(page + 1)} className={link} rel="next">
          Nästa <ChevronRight aria-hidden="true" />
        </Link>
      ) : (
        <span aria-disabled="true" className={off}>
          Nästa <ChevronRight aria-hidden="true" />
        </span>
      )}
    </nav>
  );
}
