import { Form } from "react-router";
import { ListLayoutToggle } from "~/components/list-layout-toggle";
import { SortSelect } from "~/components/sort-select";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { type PublicFilters, publicFilterEntries } from "~/domain/public-filters";
import { SAVED_SEARCH_PARAM } from "~/domain/saved-searches";
import { LIST_LAYOUT_PARAM, LISTING_SORT_LABELS, type ListLayout, type ListingSort } from "~/lib/listing-params";

/**
 * The sort of /search, /featured, /available and /premium, and the layout
 * toggle beside it. The sort is a GET form that keeps the view's filters and
 * layout ("Sortera" before JavaScript loads; afterwards it submits on change).
 */
export function ListingSortControls({
  sort,
  filters,
  layout,
  saved = null,
  layoutHref,
}: {
  sort: ListingSort;
  filters: PublicFilters;
  layout: ListLayout;
  /** The saved search the view was opened from: another order of the same names keeps marking its new names. */
  saved?: string | null;
  layoutHref: (layout: ListLayout) => string;
}) {
  const hydrated = useHydrated();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Form method="get" preventScrollReset className="flex items-center gap-2">
        {publicFilterEntries(filters).map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <SortSelect value={sort} options={LISTING_SORT_LABELS} />
        {layout !== "kort" && <input type="hidden" name={LIST_LAYOUT_PARAM} value={layout} />}
        {saved && <input type="hidden" name={SAVED_SEARCH_PARAM} value={saved} />}
        {!hydrated && (
          <Button type="submit" variant="outline">
            Sortera
          </Button>
        )}
      </Form>
      <ListLayoutToggle layout={layout} href={layoutHref} />
    </div>
  );
}
