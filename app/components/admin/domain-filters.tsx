import { Loader2, Search } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useHydrated } from "~/components/use-hydrated";
import {
  ADMIN_STATUS_OPTIONS,
  ADMIN_TLD_OPTIONS,
  CHARACTER_FILTERS,
  LENGTH_OPTIONS,
  MAX_FILTER_LENGTH,
  adminListSearch,
  appliedSearchText,
  parseAdminListParams,
  type AdminListParams,
} from "~/lib/admin-list-params";

/** The search text applies this long after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

const selectClass = "h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 disabled:opacity-60";

/**
 * The Domains tab's search and filters. A GET form before JavaScript loads;
 * afterwards every change navigates at once (typing 500 ms after the last
 * key), replacing the history entry. Any change starts again at page 1 and
 * keeps the sort.
 */
export function DomainFilters({ params, busy }: { params: AdminListParams; busy: boolean }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const ids = { q: useId(), qHint: useId(), status: useId(), from: useId(), to: useId(), lenFrom: useId(), lenTo: useId(), tld: useId() };
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [text, setText] = useState(params.q);
  const tooShort = text.trim() !== "" && appliedSearchText(text.trim()) === "";

  useEffect(() => {
    if (document.activeElement !== inputRef.current) setText(params.q);
  }, [params.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const hrefWith = (next: Partial<AdminListParams>) => adminListSearch({ ...params, q: text, ...next, page: 1 });
  // The form's fields as they are now (not as the last render saw them), so two quick changes both count.
  function go() {
    clearTimeout(timer.current);
    if (!formRef.current) return;
    const fields = new URLSearchParams(new FormData(formRef.current) as unknown as Record<string, string>);
    const current = parseAdminListParams(fields);
    navigate({ search: adminListSearch({ ...current, page: 1 }) }, { replace: true, preventScrollReset: true });
  }

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label="Filter domains"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      {params.sort !== "release_date" || params.dir !== "asc" ? (
        <>
          <input type="hidden" name="sort" value={params.sort} />
          <input type="hidden" name="dir" value={params.dir} />
        </>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor={ids.q}>Search</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
          <Input
            ref={inputRef}
            id={ids.q}
            name="q"
            type="search"
            value={text}
            placeholder="Search domains..."
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={MAX_FILTER_LENGTH}
            aria-describedby={tooShort ? ids.qHint : undefined}
            className="pl-9 pr-9"
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText(value);
              clearTimeout(timer.current);
              timer.current = setTimeout(go, SEARCH_DEBOUNCE_MS);
            }}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              go();
            }}
          />
          {busy && <Loader2 aria-hidden="true" className="absolute right-3 top-1/2 size-4 -translate-y-1/2 animate-spin text-brand-600" />}
        </div>
        {tooShort && (
          <p id={ids.qHint} className="text-sm text-slate-600">
            Type at least 2 characters to search.
          </p>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FilterSelect id={ids.status} label="Status" name="status" value={params.status} onChange={go}>
          {ADMIN_STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id={ids.tld} label="TLD" name="tld" value={params.tld} onChange={go}>
          {ADMIN_TLD_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id={ids.lenFrom} label="Length from" name="lenFrom" value={params.lenFrom} onChange={go}>
          <LengthOptions />
        </FilterSelect>
        <FilterSelect id={ids.lenTo} label="Length to" name="lenTo" value={params.lenTo} onChange={go}>
          <LengthOptions />
        </FilterSelect>
        <DateFilter
          id={ids.from}
          label="Release date from"
          name="from"
          value={params.from}
          clearHref={hrefWith({ from: "" })}
          onChange={go}
        />
        <DateFilter id={ids.to} label="Release date to" name="to" value={params.to} clearHref={hrefWith({ to: "" })} onChange={go} />
      </div>

      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-900">Characters in the name</legend>
        {CHARACTER_FILTERS.map((filter) => (
          <label key={filter.key} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              key={String(params.characters[filter.key])}
              type="checkbox"
              name={filter.param}
              value="1"
              defaultChecked={params.characters[filter.key]}
              className="size-4 accent-brand-600"
              onChange={go}
            />
            {filter.label}
          </label>
        ))}
      </fieldset>

      {!hydrated && <Button type="submit">Apply filters</Button>}
    </Form>
  );
}

function FilterSelect({
  id,
  label,
  name,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {/* keyed by value: a back/forward navigation shows the URL's choice */}
      <select key={value} id={id} name={name} defaultValue={value} className={selectClass} onChange={onChange}>
        {children}
      </select>
    </div>
  );
}

function LengthOptions() {
  return (
    <>
      <option value="">Any</option>
      {LENGTH_OPTIONS.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </>
  );
}

/** A native date picker; the chosen date is also shown as yyyy-MM-dd (or a dash), with "Rensa" to clear it. */
function DateFilter({
  id,
  label,
  name,
  value,
  clearHref,
  onChange,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  clearHref: string;
  onChange: () => void;
}) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <span className="font-mono text-sm text-slate-700" data-testid={`${name}-display`}>
          {value || "—"}
        </span>
      </div>
      <div className="flex gap-2">
        <Input
          key={value}
          id={id}
          name={name}
          type="date"
          defaultValue={value}
          onChange={(event) => {
            const next = event.currentTarget.value;
            // Only complete dates (or an emptied field) change the list.
            if (next === "" || /^\d{4}-\d{2}-\d{2}$/.test(next)) onChange();
          }}
        />
        <Link
          to={{ search: clearHref }}
          replace
          preventScrollReset
          aria-label={`Rensa ${label.toLowerCase()}`}
          className={buttonVariants({ variant: "outline", size: "sm", className: "h-10" })}
        >
          Rensa
        </Link>
      </div>
    </div>
  );
}
