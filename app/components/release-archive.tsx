// The archive of release days' parts (docs/product.md, "The archive of release days"):
// the day's own filters, its names and its downloads.
import { Download } from "lucide-react";
import { useId } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";
import { ARCHIVE_SORTS, OUTCOME_FILTERS, OUTCOME_PARAM, type ArchiveOutcome, type ArchiveSort } from "~/domain/release-archive";
import { FILTER_PARAMS, MAX_LABEL_LENGTH } from "~/domain/public-filters";
import { ZoneSource } from "~/components/zone-source";

/** "Zondata: Internetstiftelsen", linking to the registry's page on its zone files, wherever zone facts are shown. */
export function ZoneSourceNote() {
  return (
    <ZoneSource
      testId="zone-source"
      after=". Zonen visar vart ett namn pekar, vilket oftast men inte alltid är den som registrerade det."
    />
  );
}

/**
 * The day's own choices: the search text, what became of the name and the order, as a GET form
 * (it works before JavaScript loads); the other filters ride along as hidden fields.
 */
export function ArchiveDayForm({
  path,
  contains,
  outcome,
  sort,
  hidden,
}: {
  path: string;
  contains: string | null;
  outcome: ArchiveOutcome | null;
  sort: ArchiveSort;
  hidden: [string, string][];
}) {
  const searchId = useId();
  const outcomeId = useId();
  const sortId = useId();
  const field = "h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900";
  return (
    <Form
      method="get"
      action={path}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-label="Sök och sortera dagens namn"
    >
      {hidden.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <div className="space-y-1">
        <Label htmlFor={searchId} className="text-xs font-normal text-slate-600">
          Innehåller
        </Label>
        <Input
          id={searchId}
          type="search"
          name={FILTER_PARAMS.contains}
          defaultValue={contains ?? ""}
          maxLength={MAX_LABEL_LENGTH}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="w-44"
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={outcomeId} className="text-xs font-normal text-slate-600">
          Vad blev det av namnet
        </Label>
        <select
          id={outcomeId}
          name={OUTCOME_PARAM}
          defaultValue={OUTCOME_FILTERS.find((filter) => filter.outcome === outcome)?.value ?? ""}
          className={field}
        >
          <option value="">Alla</option>
          {OUTCOME_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <Label htmlFor={sortId} className="text-xs font-normal text-slate-600">
          Sortera
        </Label>
        <select id={sortId} name="sort" defaultValue={sort} className={field}>
          {ARCHIVE_SORTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit">Visa</Button>
    </Form>
  );
}

/** One name of the day as the page shows it (its words are made on the server). */
export type ArchiveRow = {
  name: string;
  unicodeName: string;
  tld: string;
  length: number;
  outcome: ArchiveOutcome;
  outcomeText: string;
  operatorText: string | null;
};

const OUTCOME_STYLES: Record<ArchiveOutcome, string> = {
  taken: "bg-slate-100 text-slate-800",
  free: "bg-emerald-50 text-emerald-900",
  unchecked: "bg-amber-50 text-amber-900",
};

const OUTCOME_BADGES: Record<ArchiveOutcome, string> = { taken: "Tagen igen", free: "Fri", unchecked: "Inte kontrollerad" };

/** The day's names: each its page's link, what became of it and where it points now. */
export function ArchiveNameList({ rows, firstIndex = 0 }: { rows: ArchiveRow[]; firstIndex?: number }) {
  return (
    <ol
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
      aria-label="Släppta namn"
      data-testid="archive-names"
    >
      {rows.map((row, index) => (
        <li
          key={row.name}
          id={`namn-${firstIndex + index + 1}`}
          className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4"
        >
          <Link
            to={`/d/${encodeURIComponent(row.unicodeName)}`}
            className="font-semibold break-all text-brand-700 underline-offset-2 hover:underline sm:w-56 sm:shrink-0"
          >
            {row.unicodeName}
          </Link>
          <span className={cn("w-fit rounded-full px-2 py-0.5 text-xs font-medium", OUTCOME_STYLES[row.outcome])}>
            {OUTCOME_BADGES[row.outcome]}
          </span>
          <span className="text-sm text-slate-700">
            {row.outcomeText}
            {row.operatorText && ` · ${row.operatorText}`}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** "Ladda ner": the day's view as CSV for Excel, CSV with commas, or JSON. */
export function ArchiveDownloads({ date, query }: { date: string; query: string }) {
  const withQuery = (path: string, format?: string) => {
    const search = new URLSearchParams(query);
    if (format) search.set("format", format);
    return search.size > 0 ? `${path}?${search}` : path;
  };
  const links: [string, string][] = [
    ["CSV för Excel", withQuery(`/slappta/${date}/namn.csv`)],
    ["CSV, kommaseparerad", withQuery(`/slappta/${date}/namn.csv`, "csv-comma")],
    ["JSON", withQuery(`/slappta/${date}/namn.json`)],
  ];
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" data-testid="archive-downloads">
      <span className="inline-flex items-center gap-1.5 text-slate-700">
        <Download aria-hidden="true" className="size-4 text-brand-700" />
        Ladda ner:
      </span>
      {links.map(([label, href]) => (
        <a key={label} href={href} download className="text-brand-700 underline underline-offset-2">
          {label}
        </a>
      ))}
    </div>
  );
}
