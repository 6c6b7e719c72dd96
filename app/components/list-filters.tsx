import { BookmarkPlus, Download, Rss, SlidersHorizontal, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useHydrated } from "~/components/use-hydrated";
import {
  CHARACTER_FILTERS,
  describePublicFilters,
  FAMILY_FILTER_VALUE,
  FAMILY_FILTERS,
  FILTER_PARAMS,
  filterScopeOf,
  filtersFor,
  LENGTH_PRESETS,
  MAX_LABEL_LENGTH,
  NO_FILTERS,
  parsePublicFilters,
  type PublicFilters,
  type PublicList,
  publicFilterEntries,
  QUALITY_FILTERS,
  qualityChoiceText,
  RELEASE_PRESETS,
  WORD_FILTERS,
} from "~/domain/public-filters";
import { CATCH_RISK_FILTERS } from "~/domain/catch-risk-levels";
import { formatNumberSv } from "~/domain/format";
import { SUPPORTED_TLDS } from "~/domain/names";
import type { ListTotal } from "~/lib/count-text";
import type { FacetCount, FacetCounts } from "~/domain/facets";
import { listDownloadQuery, listFeedPath, savedViewSearch } from "~/lib/list-feeds";
import { MAX_SAVED_SEARCH_NAME_LENGTH, suggestedSearchName } from "~/domain/saved-searches";

/** Text filters apply this long after the last key, as the soon list's search box does. */
const TEXT_DEBOUNCE_MS = 500;

type ListFiltersProps = {
  /** A public list, or the search: its view has no feed and is not saved, and its text is the searched one. */
  list: PublicList | "search";
  /** Where the form goes: the list's path ("/available"), or the search's ("/search/bil"). */
  path?: string;
  filters: PublicFilters;
  /** The view's other parameters (sort, search text, featured toggle), kept when the filters change. */
  keep: [string, string][];
  /** How many names the view holds, for the panel's closing button ("Visa 1 204 domäner"); null: not known. */
  matches?: ListTotal | null;
  /** The counts beside the choices; null or left out: none shown. */
  facets?: FacetCounts | null;
  /** Signed in: the view can be saved ("Spara sökning"); otherwise the control asks the visitor to sign in. */
  signedIn?: boolean;
  /** The zone's filters on a name's sibling and twins; off where the view's names are not read from the lists (the release archive). */
  familyFilters?: boolean;
};

/**
 * The filters of a public list (app/domain/public-filters.ts) as a GET form
 * in a panel that opens and closes (a native <details>, so it works without
 * JavaScript and on a phone it takes no room until asked for). Every filter
 * lives in the URL, so a view is a link. Before JavaScript the form submits
 * with its button; afterwards a change navigates at once (text 500 ms after
 * the last key) to the short URL of the new filter set, each change a
 * history entry, so back and forward step through the views. The active
 * filters show as chips under the panel, each with its own remove link.
 */
export function ListFilters({
  list,
  path = `/${list}`,
  filters: given,
  keep,
  matches = null,
  facets = null,
  signedIn = false,
  familyFilters = true,
}: ListFiltersProps) {
  const scope = list === "search" ? "other" : filterScopeOf(list);
  const filters = filtersFor(scope, given);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const panelRef = useRef<HTMLDetailsElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The soon list's search box above the panel is its "contains" filter (its text is among `keep`); the search's text is its path.
  const searchBoxOwnsText = list === "soon-available" || list === "search";
  const active = describePublicFilters(filters);
  const href = (next: PublicFilters) => {
    const search = new URLSearchParams([
      ...keep,
      ...publicFilterEntries(filtersFor(scope, { ...next, contains: searchBoxOwnsText ? null : next.contains })),
    ]);
    return search.size > 0 ? `${path}?${search}` : path;
  };
  const currentHref = href(filters);

  // Back, forward or a chip's link changed the URL: the fields show its filters (not the one being
  // typed in). currentHref stands for the filters, which are a new object on every render.
  useEffect(() => {
    if (formRef.current) showFilters(formRef.current, filters);
  }, [currentHref]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function apply() {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const fields = [...new FormData(form).entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string");
    const next = href(parsePublicFilters(new URLSearchParams(fields)));
    if (next !== currentHref) navigate(next, { preventScrollReset: true });
  }

  const applyLater = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(apply, TEXT_DEBOUNCE_MS);
  };

  return (
    <div className="space-y-3">
      <details ref={panelRef} className="group rounded-xl border border-slate-200 bg-white" data-testid="list-filters">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filter
          {active.length > 0 && (
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white" aria-label={`${active.length} aktiva`}>
              {active.length}
            </span>
          )}
          <span aria-hidden="true" className="ml-auto text-sm text-slate-500 group-open:hidden">
            Visa
          </span>
          <span aria-hidden="true" className="ml-auto hidden text-sm text-slate-500 group-open:inline">
            Dölj
          </span>
        </summary>
        <Form
          ref={formRef}
          method="get"
          action={path}
          preventScrollReset
          className="grid gap-6 border-t border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-3"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
          onChange={(event) => {
            const field = event.target;
            if (field instanceof HTMLInputElement && (field.type === "text" || field.type === "number")) applyLater();
            else apply();
          }}
        >
          {keep.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <FilterGroup legend="Toppdomän">
            <div className="flex gap-4">
              {SUPPORTED_TLDS.map((tld) => (
                <CheckboxField
                  key={tld}
                  name={FILTER_PARAMS.tlds}
                  value={tld.slice(1)}
                  checked={filters.tlds.includes(tld)}
                  label={tld}
                  count={facets?.tlds[tld]}
                />
              ))}
            </div>
          </FilterGroup>
          <FilterGroup legend="Längd (tecken före .se/.nu)">
            <div className="flex items-end gap-2">
              <NumberField name={FILTER_PARAMS.lengthMin} label="Från" value={filters.lengthMin} />
              <span aria-hidden="true" className="pb-2 text-slate-500">
                –
              </span>
              <NumberField name={FILTER_PARAMS.lengthMax} label="Till" value={filters.lengthMax} />
            </div>
            <div className="flex flex-wrap gap-2" aria-label="Snabbval för längd">
              {LENGTH_PRESETS.map((preset, index) => {
                const chosen = filters.lengthMin === preset.min && filters.lengthMax === preset.max;
                return (
                  <Link
                    key={preset.label}
                    to={href({ ...filters, lengthMin: preset.min, lengthMax: preset.max })}
                    preventScrollReset
                    aria-current={chosen ? "true" : undefined}
                    className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:border-brand-600 aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-50 aria-[current=true]:font-medium"
                  >
                    {preset.label}
                    <FacetCountText count={facets?.lengths[index]} />
                  </Link>
                );
              })}
            </div>
          </FilterGroup>
          <FilterGroup legend="Tecken">
            {CHARACTER_FILTERS.map((filter) => (
              <CheckboxField
                key={filter.value}
                name={FILTER_PARAMS.characters}
                value={filter.value}
                checked={filters.characters.includes(filter.value)}
                label={filter.label}
                count={facets?.characters[filter.value]}
              />
            ))}
          </FilterGroup>
          <FilterGroup legend="Ord">
            {!searchBoxOwnsText && <TextField name={FILTER_PARAMS.contains} label="Innehåller" value={filters.contains} />}
            <TextField name={FILTER_PARAMS.startsWith} label="Börjar med" value={filters.startsWith} />
            <TextField name={FILTER_PARAMS.endsWith} label="Slutar med" value={filters.endsWith} />
            <TextField name={FILTER_PARAMS.notContains} label="Innehåller inte" value={filters.notContains} />
            <SelectField
              name={FILTER_PARAMS.words}
              label="Svenska ord"
              value={filters.words ?? ""}
              options={[["", "Alla"], ...WORD_FILTERS.map((filter): [string, string] => [filter.value, filter.label])]}
            />
          </FilterGroup>
          <FilterGroup legend="Kvalitet">
            <SelectField
              name={FILTER_PARAMS.minScore}
              label="Lägsta betyg"
              value={filters.minScore === null ? "" : String(filters.minScore)}
              options={[["", "Alla"], ...QUALITY_FILTERS.map((filter): [string, string] => [filter.value, qualityChoiceText(filter.min)])]}
            />
          </FilterGroup>
          {familyFilters && <FamilyFilterGroup filters={filters} />}
          {scope === "soon" && (
            <FilterGroup legend="Släppdatum">
              <SelectField
                name={FILTER_PARAMS.release}
                label="Släpps"
                value={filters.release ?? ""}
                options={[
                  ["", "När som helst"],
                  ...RELEASE_PRESETS.map((preset): [string, string] => [
                    preset.value,
                    `${preset.label}${facetCountText(facets?.release?.[preset.value])}`,
                  ]),
                ]}
              />
              <div className="grid grid-cols-2 gap-2">
                <DateField name={FILTER_PARAMS.releaseFrom} label="Från" value={filters.releaseFrom} />
                <DateField name={FILTER_PARAMS.releaseTo} label="Till" value={filters.releaseTo} />
              </div>
            </FilterGroup>
          )}
          {scope === "soon" && (
            <FilterGroup legend="Risk att tas direkt">
              <SelectField
                name={FILTER_PARAMS.catchRisk}
                label="Risk att tas direkt vid släppet"
                value={filters.catchRisk ?? ""}
                options={[["", "Alla"], ...CATCH_RISK_FILTERS.map((filter): [string, string] => [filter.value, filter.label])]}
              />
            </FilterGroup>
          )}
          {scope === "available" && (
            <FilterGroup legend="Släppdatum">
              <DateField name={FILTER_PARAMS.releasedSince} label="Ledig sedan" value={filters.releasedSince} />
            </FilterGroup>
          )}
          <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-3">
            {hydrated ? (
              // The changes are applied already: this closes the panel (a sheet-long form on a phone) onto the results.
              <Button
                type="button"
                onClick={() => {
                  const panel = panelRef.current;
                  if (!panel) return;
                  panel.open = false;
                  panel.scrollIntoView({ block: "start" });
                }}
              >
                {showMatchesText(matches)}
              </Button>
            ) : (
              <Button type="submit">Visa domäner</Button>
            )}
            {active.length > 0 && (
              <Link to={href(NO_FILTERS)} className="text-sm font-medium text-brand-700 underline underline-offset-2">
                Rensa filter
              </Link>
            )}
          </div>
        </Form>
      </details>
      {list !== "search" && (
        <div className="flex flex-wrap items-start gap-x-6 gap-y-2">
          <a
            href={listFeedPath(list, new URLSearchParams([...keep, ...publicFilterEntries(filters)]).toString())}
            type="application/atom+xml"
            className="inline-flex items-center gap-1.5 py-0.5 text-sm text-slate-700 underline-offset-2 hover:underline"
          >
            <Rss aria-hidden="true" className="size-4 text-orange-600" />
            {active.length > 0 ? "Följ den här vyn i en flödesläsare (Atom)" : "Följ listan i en flödesläsare (Atom)"}
          </a>
          <SaveSearch
            list={list}
            view={savedViewSearch(list, new URLSearchParams([...keep, ...publicFilterEntries(filters)]).toString())}
            signedIn={signedIn}
          />
          <DownloadMenu list={list} view={listDownloadQuery(list, new URLSearchParams([...keep, ...publicFilterEntries(filters)]).toString())} />
        </div>
      )}
      {active.length > 0 && (
        <ul className="flex flex-wrap items-center gap-2" aria-label="Aktiva filter">
          {active.map((filter) => (
            <li key={filter.key}>
              <Link
                to={href(filter.without)}
                preventScrollReset
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 hover:bg-slate-200"
                aria-label={`Ta bort filtret ${filter.text}`}
              >
                {filter.text}
                <X aria-hidden="true" className="size-3.5" />
              </Link>
            </li>
          ))}
          <li>
            <Link to={href(NO_FILTERS)} preventScrollReset className="text-sm font-medium text-brand-700 underline underline-offset-2">
              Rensa filter
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}

/** "Ladda ner": the view as a file in the view's sort (app/routes/exports/list-export.ts), for Excel, other programs, or scripts. */
function DownloadMenu({ list, view }: { list: PublicList; view: string }) {
  const query = view.replace(/^\?/, "");
  const withQuery = (path: string, extra?: string) => {
    const search = new URLSearchParams(query);
    if (extra) search.set("format", extra);
    return search.size > 0 ? `${path}?${search}` : path;
  };
  const links: [string, string][] = [
    ["CSV för Excel", withQuery(`/export/${list}.csv`)],
    ["CSV, kommaseparerad", withQuery(`/export/${list}.csv`, "csv-comma")],
    ["JSON", withQuery(`/export/${list}.json`)],
  ];
  return (
    <details className="group relative text-sm" data-testid="download-menu">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1.5 py-0.5 text-slate-700 underline-offset-2 hover:underline [&::-webkit-details-marker]:hidden">
        <Download aria-hidden="true" className="size-4 text-brand-700" />
        Ladda ner
      </summary>
      <ul className="mt-2 space-y-1 rounded-md border border-slate-200 bg-white p-2 shadow-sm">
        {links.map(([label, href]) => (
          <li key={label}>
            <a href={href} download className="block rounded px-2 py-1 text-slate-800 hover:bg-slate-100">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * "Spara sökning": the view (its filters, not its sort or page) saved under a
 * name, which /account then lists with its counts and feeds. A visitor is
 * asked to sign in and comes back to the same view.
 */
function SaveSearch({ list, view, signedIn }: { list: PublicList; view: string; signedIn: boolean }) {
  const location = useLocation();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formAction === "/account/searches";
  const query = view.replace(/^\?/, "");
  const nameId = useId();
  if (!signedIn) {
    const returnTo = `${location.pathname}${location.search}`;
    return (
      <Link
        to={`/auth?redirectTo=${encodeURIComponent(returnTo)}`}
        className="inline-flex items-center gap-1.5 py-0.5 text-sm text-slate-700 underline-offset-2 hover:underline"
      >
        <BookmarkPlus aria-hidden="true" className="size-4 text-brand-700" />
        Logga in för att spara sökningen
      </Link>
    );
  }
  return (
    <details className="group text-sm" data-testid="save-search">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1.5 py-0.5 text-slate-700 underline-offset-2 hover:underline [&::-webkit-details-marker]:hidden">
        <BookmarkPlus aria-hidden="true" className="size-4 text-brand-700" />
        Spara sökning
      </summary>
      <Form method="post" action="/account/searches" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="list" value={list} />
        <input type="hidden" name="view" value={query} />
        <div className="space-y-1">
          <Label htmlFor={nameId} className="text-xs font-normal text-slate-600">
            Namn på sökningen
          </Label>
          <Input
            id={nameId}
            name="name"
            // A new default for every view: the key makes the field take it.
            key={query}
            defaultValue={suggestedSearchName(list, query)}
            maxLength={MAX_SAVED_SEARCH_NAME_LENGTH}
            className="w-72 max-w-full"
          />
        </div>
        <Button type="submit" disabled={saving}>
          {saving ? "Sparar..." : "Spara"}
        </Button>
      </Form>
    </details>
  );
}

/** "Visa 1 204 domäner", "Visa 1 domän", "Visa fler än 10 000 domäner"; without a count "Visa domänerna". */
function showMatchesText(matches: ListTotal | null): string {
  if (!matches) return "Visa domänerna";
  if (matches.more) return `Visa fler än ${formatNumberSv(matches.count)} domäner`;
  if (matches.count === 0) return "Inga domäner matchar";
  return matches.count === 1 ? "Visa 1 domän" : `Visa ${formatNumberSv(matches.count)} domäner`;
}

/** Sets every filter field of `form` to `filters`, except the field being typed in. */
function showFilters(form: HTMLFormElement, filters: PublicFilters) {
  const values = new Map<string, string[]>();
  for (const [name, value] of publicFilterEntries(filters)) values.set(name, [...(values.get(name) ?? []), value]);
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || element.type === "hidden") continue;
    if (element === document.activeElement && element instanceof HTMLInputElement && element.type !== "checkbox") continue;
    const wanted = values.get(element.name) ?? [];
    if (element instanceof HTMLInputElement && element.type === "checkbox") element.checked = wanted.includes(element.value);
    else element.value = wanted[0] ?? "";
  }
}

/** "Syskon och tvillingar": two choices without counts beside them, as the zone changes hourly (docs/product.md, "Siblings and twins"). */
function FamilyFilterGroup({ filters }: { filters: PublicFilters }) {
  return (
    <FilterGroup legend="Syskon och tvillingar">
      <CheckboxField
        name={FILTER_PARAMS.siblingRegistered}
        value={FAMILY_FILTER_VALUE}
        checked={filters.siblingRegistered}
        label={FAMILY_FILTERS.siblingRegistered}
      />
      <CheckboxField
        name={FILTER_PARAMS.twinRegistered}
        value={FAMILY_FILTER_VALUE}
        checked={filters.twinRegistered}
        label={FAMILY_FILTERS.twinRegistered}
      />
    </FilterGroup>
  );
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** " (1 204)", " (10 000+)": a choice's count as it follows its label; "" when unknown, or when counting stopped before any was found. */
function facetCountText(count: FacetCount | undefined): string {
  if (!count || (count.more && count.count === 0)) return "";
  return ` (${formatNumberSv(count.count)}${count.more ? "+" : ""})`;
}

function FacetCountText({ count }: { count: FacetCount | undefined }) {
  const text = facetCountText(count);
  return text ? (
    <span className="text-slate-500" data-testid="facet-count">
      {text}
    </span>
  ) : null;
}

/** A ticked choice; its count follows the label, outside it, so the choice's name stays its own. */
function CheckboxField({
  name,
  value,
  checked,
  label,
  count,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  count?: FacetCount;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" name={name} value={value} defaultChecked={checked} className="size-5 accent-brand-600" />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
      <FacetCountText count={count} />
    </div>
  );
}

/** A field with its small label above it; `children` gets the id that ties the two. */
function SmallField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <Label htmlFor={id} className="text-xs font-normal text-slate-600">
        {label}
      </Label>
      {children(id)}
    </div>
  );
}

function NumberField({ name, label, value }: { name: string; label: string; value: number | null }) {
  return (
    <SmallField label={label}>
      {(id) => (
        <Input
          id={id}
          type="number"
          name={name}
          min={1}
          max={MAX_LABEL_LENGTH}
          inputMode="numeric"
          defaultValue={value ?? ""}
          className="w-20"
        />
      )}
    </SmallField>
  );
}

function TextField({ name, label, value }: { name: string; label: string; value: string | null }) {
  return (
    <SmallField label={label}>
      {(id) => (
        <Input
          id={id}
          type="text"
          name={name}
          defaultValue={value ?? ""}
          maxLength={MAX_LABEL_LENGTH}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
      )}
    </SmallField>
  );
}

function DateField({ name, label, value }: { name: string; label: string; value: string | null }) {
  return <SmallField label={label}>{(id) => <Input id={id} type="date" name={name} defaultValue={value ?? ""} />}</SmallField>;
}

function SelectField({ name, label, value, options }: { name: string; label: string; value: string; options: [string, string][] }) {
  return (
    <SmallField label={label}>
      {(id) => (
        <select
          id={id}
          name={name}
          defaultValue={value}
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
        >
          {options.map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </select>
      )}
    </SmallField>
  );
}
