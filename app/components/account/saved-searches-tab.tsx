import { CalendarPlus, Download, Rss, SlidersHorizontal } from "lucide-react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { formatNumberSv } from "~/domain/format";
import { describePublicFilters, filterScopeOf, filtersFor, parsePublicFilters, type PublicList } from "~/domain/public-filters";
import { MAX_SAVED_SEARCHES, PUBLIC_LIST_TITLES } from "~/domain/saved-searches";
import type { ListTotal } from "~/lib/count-text";
import { savedSearchTitles, type SavedSearchTitle } from "~/lib/saved-search-titles";
import { AccountEmptyState } from "./account-empty-state";
import {
  AskFirstButton,
  isSavedSearchConfirm,
  type SavedSearchConfirm,
  SavedSearchConfirmPanel,
  useFocusBackAfterAsking,
} from "./saved-search-confirm";

export type SavedSearchItem = {
  id: string;
  name: string;
  list: PublicList;
  query: string;
  /** The private feeds' addresses. */
  feeds: { atom: string; calendar: string };
  /** Null when counting failed. */
  counts: { matches: ListTotal; fresh: ListTotal } | null;
};

const ACTION = "/account/searches";

/**
 * "Sparade sökningar" (docs/product.md, "Saved searches"): each saved view
 * with its number of matches and of names new since it was last opened, a
 * button that opens it, and its private feeds. Each is titled so no two read
 * the same (savedSearchTitles); deleting one or renewing its feed addresses
 * asks first, in a step the address names (?bekrafta=ta-bort&sokning={id}).
 */
export function SavedSearchesTab({ searches }: { searches: SavedSearchItem[] }) {
  const [params] = useSearchParams();
  const asked = params.get("bekrafta");
  const confirm = isSavedSearchConfirm(asked) ? { step: asked, id: params.get("sokning") } : null;
  if (searches.length === 0) {
    return (
      <AccountEmptyState
        title="Du har inga sparade sökningar ännu"
        to="/soon-available"
        action={
          <>
            <SlidersHorizontal aria-hidden="true" />
            Filtrera snart lediga domäner
          </>
        }
      >
        Öppna filtren på en lista, till exempel fyra tecken som släpps den här veckan, och välj ”Spara sökning”. Här ser du sedan hur många
        nya domäner som matchar sedan du senast tittade, och får egna flöden att följa.
      </AccountEmptyState>
    );
  }
  return (
    <section aria-labelledby="saved-searches-heading" className="space-y-4">
      <h2 id="saved-searches-heading" className="text-lg font-semibold text-slate-900">
        Sparade sökningar ({searches.length} av {MAX_SAVED_SEARCHES})
      </h2>
      <p className="max-w-3xl text-sm text-slate-700">
        Flödesadresserna är hemliga: den som har en adress kan läsa flödet. Skapa nya adresser om en har spridits – de gamla slutar då
        fungera.
      </p>
      <ul className="space-y-4">
        {savedSearchTitles(searches).map((title, index) => (
          <SavedSearchCard
            key={searches[index].id}
            search={searches[index]}
            title={title}
            confirm={confirm?.id === searches[index].id ? confirm.step : null}
          />
        ))}
      </ul>
    </section>
  );
}

function SavedSearchCard({
  search,
  title: { title, distinction },
  confirm,
}: {
  search: SavedSearchItem;
  title: SavedSearchTitle;
  confirm: SavedSearchConfirm | null;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === ACTION && navigation.formData?.get("id") === search.id;
  const pendingIntent = pending ? navigation.formData?.get("intent") : null;
  const filters = describePublicFilters(filtersFor(filterScopeOf(search.list), parsePublicFilters(new URLSearchParams(search.query))));
  const cardId = `saved-search-${search.id}`;
  const askFirst = useFocusBackAfterAsking(confirm);
  return (
    <li id={cardId} className="scroll-mt-4 space-y-3 rounded-xl border border-slate-200 bg-white p-5" data-testid="saved-search">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id={`${cardId}-title`} className="break-words text-base font-semibold text-slate-900">
            {search.name}
            {distinction && <span className="font-normal text-slate-600"> ({distinction})</span>}
          </h3>
          <p className="text-sm text-slate-600">
            {PUBLIC_LIST_TITLES[search.list]}
            {filters.length > 0 ? ` · ${filters.map((filter) => filter.text).join(" · ")}` : " · inga filter"}
          </p>
          <p className="text-sm text-slate-800" data-testid="saved-search-counts">
            {search.counts ? (
              <CountsText matches={search.counts.matches} fresh={search.counts.fresh} />
            ) : (
              <span className="text-slate-500">Träffarna kunde inte räknas just nu.</span>
            )}
          </p>
        </div>
        <Form method="post" action={ACTION}>
          <input type="hidden" name="intent" value="open" />
          <input type="hidden" name="id" value={search.id} />
          <Button type="submit" disabled={pendingIntent === "open"} aria-describedby={`${cardId}-title`}>
            Visa sökningen
          </Button>
        </Form>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 border-t border-slate-100 pt-3 text-sm">
        <a
          href={search.feeds.atom}
          type="application/atom+xml"
          rel="noreferrer"
          className="inline-flex items-center gap-1.5 text-slate-800 underline-offset-2 hover:underline"
        >
          <Rss aria-hidden="true" className="size-4 text-orange-600" />
          Atom-flöde<span className="sr-only"> för {title}</span>
        </a>
        <a
          href={search.feeds.calendar}
          type="text/calendar"
          rel="noreferrer"
          className="inline-flex items-center gap-1.5 text-slate-800 underline-offset-2 hover:underline"
        >
          <CalendarPlus aria-hidden="true" className="size-4 text-brand-700" />
          Kalender (iCal)<span className="sr-only"> för {title}</span>
        </a>
        <a
          href={`/export/${search.list}.csv${search.query ? `?${search.query}` : ""}`}
          download
          className="inline-flex items-center gap-1.5 text-slate-800 underline-offset-2 hover:underline"
        >
          <Download aria-hidden="true" className="size-4 text-brand-700" />
          Ladda ner (CSV)<span className="sr-only"> {title}</span>
        </a>
        {confirm === null && (
          <div ref={askFirst} className="ml-auto flex flex-wrap gap-2">
            <AskFirstButton confirm="nya-adresser" id={search.id} variant="outline">
              Nya flödesadresser<span className="sr-only"> för {title}</span>
            </AskFirstButton>
            <AskFirstButton confirm="ta-bort" id={search.id} variant="destructive">
              Ta bort<span className="sr-only"> {title}</span>
            </AskFirstButton>
          </div>
        )}
      </div>
      {confirm !== null && <SavedSearchConfirmPanel confirm={confirm} id={search.id} title={title} action={ACTION} />}
    </li>
  );
}

/** "1 204 träffar · 3 nya sedan ditt senaste besök". */
function CountsText({ matches, fresh }: { matches: ListTotal; fresh: ListTotal }) {
  const count = (total: ListTotal) => `${total.more ? "fler än " : ""}${formatNumberSv(total.count)}`;
  const matchText = !matches.more && matches.count === 1 ? "1 träff" : `${count(matches)} träffar`;
  const freshText =
    fresh.count === 0
      ? "inga nya sedan ditt senaste besök"
      : `${count(fresh)} ${!fresh.more && fresh.count === 1 ? "ny" : "nya"} sedan ditt senaste besök`;
  return (
    <>
      <span>{matchText.charAt(0).toUpperCase() + matchText.slice(1)}</span>
      <span aria-hidden="true"> · </span>
      <span className={fresh.count > 0 ? "font-semibold text-brand-700" : "text-slate-600"} data-testid="saved-search-fresh">
        {freshText}
      </span>
    </>
  );
}
