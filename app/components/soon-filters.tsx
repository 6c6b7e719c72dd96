import { Loader2, Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { ListLayoutToggle } from "~/components/list-layout-toggle";
import { SortSelect } from "~/components/sort-select";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useHydrated } from "~/components/use-hydrated";
import { publicFilterEntries } from "~/domain/public-filters";
import { SAVED_SEARCH_PARAM } from "~/domain/saved-searches";
import { LIST_LAYOUT_PARAM, SOON_FORM_FIELD, SOON_SORT_LABELS, soonListSearch, type SoonListParams } from "~/lib/listing-params";

/** The search text applies this long after the last key (docs/product.md, "Lists and their order"). */
export const FILTER_DEBOUNCE_MS = 500;

type SoonFiltersProps = {
  params: SoonListParams;
  /** A navigation to this list is under way: the search box shows its spinner. */
  busy: boolean;
};

/**
 * Search box, sort and featured toggle of /soon-available. Everything is in
 * the URL: a GET form before JavaScript loads; afterwards typing navigates
 * (replacing the history entry) 500 ms after the last key, and the sort and
 * the toggle navigate at once (a history entry each). Any change starts again at page 1.
 */
export function SoonFilters({ params, busy }: SoonFiltersProps) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const searchId = useId();
  const toggleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [text, setText] = useState(params.rawQuery);

  // Back/forward or a link changes the URL: show its text, unless the visitor is typing.
  useEffect(() => {
    if (document.activeElement !== inputRef.current) setText(params.rawQuery);
  }, [params.rawQuery]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Typing replaces the history entry (one entry per search, not per key); the sort and the toggle are steps of
  // their own, so one Back undoes one.
  function go(next: Partial<SoonListParams>, { replace = false } = {}) {
    clearTimeout(timer.current);
    const merged: SoonListParams = { ...params, rawQuery: text, ...next, after: null, pages: 1 };
    navigate(`/soon-available${soonListSearch(merged)}`, { replace, preventScrollReset: true });
  }

  return (
    <Form method="get" role="search" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 lg:flex-row lg:items-end">
      {publicFilterEntries(params.filters).map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      {params.layout !== "kort" && <input type="hidden" name={LIST_LAYOUT_PARAM} value={params.layout} />}
      {params.saved && <input type="hidden" name={SAVED_SEARCH_PARAM} value={params.saved} />}
      <div className="flex-1 space-y-1.5">
        <Label htmlFor={searchId}>Sök bland snart lediga domäner</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
          <Input
            ref={inputRef}
            id={searchId}
            name="q"
            type="search"
            value={text}
            placeholder="Sök domäner..."
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={100}
            className="pl-9 pr-9"
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText(value);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => go({ rawQuery: value }, { replace: true }), FILTER_DEBOUNCE_MS);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                go({ rawQuery: event.currentTarget.value }, { replace: true });
              }
            }}
          />
          {busy && (
            <Loader2 aria-hidden="true" data-testid="search-spinner" className="absolute right-3 top-1/2 size-4 -translate-y-1/2 animate-spin text-brand-600" />
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <SortSelect value={params.sort} options={SOON_SORT_LABELS} onValueChange={(sort) => go({ sort })} />
        <ListLayoutToggle layout={params.layout} href={(layout) => `/soon-available${soonListSearch({ ...params, layout, after: null, pages: 1 })}`} />
        <div className="flex items-center gap-2">
          <input
            id={toggleId}
            key={String(params.includeFeatured)}
            type="checkbox"
            name="featured"
            value="1"
            defaultChecked={params.includeFeatured}
            className="size-5 accent-brand-600"
            onChange={(event) => go({ includeFeatured: event.currentTarget.checked })}
          />
          <Label htmlFor={toggleId}>Visa utvalda domäner</Label>
        </div>
        {/* Before JavaScript: a plain GET, marked so that an unticked box (which sends nothing) means off. */}
        {!hydrated && <input type="hidden" name={SOON_FORM_FIELD} value="1" />}
        {!hydrated && <Button type="submit">Filtrera</Button>}
      </div>
    </Form>
  );
}
