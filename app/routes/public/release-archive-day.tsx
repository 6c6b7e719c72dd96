import { data, Link, redirect } from "react-router";
import { EmptyState } from "~/components/empty-state";
import { ListError } from "~/components/list-error";
import { ListFilters } from "~/components/list-filters";
import { ArchiveDayForm, ArchiveDownloads, ArchiveNameList, ZoneSourceNote, type ArchiveRow } from "~/components/release-archive";
import { formatLongDateSv, formatNumberSv } from "~/domain/format";
import { FILTER_PARAMS, hasPublicFilters } from "~/domain/public-filters";
import {
  ARCHIVE_SORTS,
  ARCHIVE_NAMES_PER_PAGE,
  ARCHIVE_NAMES_PER_PHONE_PAGE,
  archiveDayTitle,
  archiveViewEntries,
  archiveViewNames,
  countOutcomes,
  OUTCOME_PARAM,
  parseArchiveDay,
  parseArchiveView,
  verdictText,
  type ArchiveName,
} from "~/domain/release-archive";
import { pointsAtPhrase } from "~/domain/name-server-operators";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { RELEASE_TIME_TEXT } from "~/lib/site-facts";
import { databaseHandleOf } from "~/server/app-context.server";
import { tryList } from "~/server/domains/lists.server";
import { findReleaseDayNames } from "~/server/release-archive/release-archive.server";
import { isMobileUserAgent } from "~/server/site-config.server";
import type { Route } from "./+types/release-archive-day";

/** How many pages a view may ask for at once (?sidor=), as the lists cap theirs at 2,000 names. */
const MAX_PAGES = 20;

export const meta: Route.MetaFunction = ({ matches, location, params, loaderData }) => {
  const site = siteFromMatches(matches);
  if (!loaderData || loaderData.state !== "day") {
    return pageMeta(site, {
      title: "Släppdagen finns inte",
      description: "Det finns inga släppta namn för det här datumet.",
      path: `/slappta/${params.day}`,
      noIndex: true,
    });
  }
  const { date, counts } = loaderData;
  return pageMeta(site, {
    title: archiveDayTitle(date),
    description: `${formatNumberSv(counts.released)} .se- och .nu-namn släpptes ${formatLongDateSv(date)}: ${formatNumberSv(counts.taken)} har registrerats igen och ${formatNumberSv(counts.free)} är fortfarande lediga. Se vilka, när de togs och vart de pekar nu.`,
    path: `/slappta/${date}`,
    noIndex: location.search.length > 1,
  });
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const now = new Date();
  const day = parseArchiveDay(params.day, now);
  if (!day.ok) {
    return data({ state: day.reason, date: params.day ?? "" } as const, { status: day.reason === "invalid" ? 400 : 404 });
  }
  const url = new URL(request.url);
  const cleaned = withoutEmptyParams(url.searchParams);
  if (cleaned !== null) throw redirect(`/slappta/${day.date}${cleaned}`);

  const handle = await databaseHandleOf(context);
  const names = await tryList(
    { list: "release-archive", url: request.url },
    "Kunde inte hämta dagens släppta namn. Försök igen senare.",
    () => findReleaseDayNames(handle, day.date),
  );
  if (!names.ok) return data({ state: "error", date: day.date, error: names.error } as const);
  if (names.value.length === 0) return data({ state: "empty", date: day.date } as const, { status: 404 });

  const view = parseArchiveView(url.searchParams);
  const shown = archiveViewNames(names.value, view, day.date, now);
  const perPage = isMobileUserAgent(request) ? ARCHIVE_NAMES_PER_PHONE_PAGE : ARCHIVE_NAMES_PER_PAGE;
  const pages = Math.min(MAX_PAGES, Math.max(1, Number.parseInt(url.searchParams.get("sidor") ?? "1", 10) || 1));
  return data({
    state: "day",
    date: day.date,
    counts: countOutcomes(names.value),
    shownCount: shown.length,
    shownCounts: countOutcomes(shown),
    rows: shown.slice(0, pages * perPage).map(archiveRowOf),
    pages,
    perPage,
    view,
    viewEntries: archiveViewEntries(view),
    filtered: hasPublicFilters(view.filters) || view.outcome !== null,
  } as const);
}

/** The view's parameters a GET form sent empty (or the default order): the short address of the same view, or null when none was. */
function withoutEmptyParams(params: URLSearchParams): string | null {
  const names = new Set<string>([...Object.values(FILTER_PARAMS), OUTCOME_PARAM, "sort", "sidor"]);
  const all = [...params];
  // The default order is no parameter either: one view, one address.
  const kept = all.filter(
    ([name, value]) => !(names.has(name) && value.trim() === "") && !(name === "sort" && value === ARCHIVE_SORTS[0].value),
  );
  if (kept.length === all.length) return null;
  const search = new URLSearchParams(kept).toString();
  return search ? `?${search}` : "";
}

function archiveRowOf(name: ArchiveName): ArchiveRow {
  return {
    name: name.name,
    unicodeName: name.unicodeName,
    tld: name.tld,
    length: name.length,
    outcome: name.verdict.outcome,
    outcomeText: verdictText(name.verdict),
    operatorText: name.operator && pointsAtPhrase({ operator: name.operator.name, known: name.operator.fromTable }),
  };
}

export default function ReleaseArchiveDay({ loaderData }: Route.ComponentProps) {
  if (loaderData.state !== "day")
    return <NoDay state={loaderData.state} date={loaderData.date} error={"error" in loaderData ? loaderData.error : null} />;
  const { date, counts, rows, shownCount, shownCounts, pages, view, viewEntries, filtered } = loaderData;
  const path = `/slappta/${date}`;
  const query = new URLSearchParams(viewEntries).toString();
  // The form's own fields are the search text, the outcome and the order; the panel's filters ride along hidden.
  const ownFields = new Set<string>([FILTER_PARAMS.contains, OUTCOME_PARAM, "sort"]);
  const panelEntries = viewEntries.filter(([name]) => !ownFields.has(name));
  const moreHref = `${path}?${new URLSearchParams([...viewEntries, ["sidor", String(pages + 1)]])}#namn-${rows.length + 1}`;
  return (
    <section aria-labelledby="archive-day-title" className="space-y-6">
      <nav aria-label="Brödsmulor" className="text-sm">
        <Link to="/slappta" className="text-brand-700 underline underline-offset-2">
          Släppta domäner
        </Link>{" "}
        <span aria-hidden="true">›</span> {formatLongDateSv(date)}
      </nav>
      <div className="space-y-2">
        <h1 id="archive-day-title" className="text-3xl font-bold text-slate-900">
          {archiveDayTitle(date)}
        </h1>
        <p className="max-w-3xl text-slate-700">
          Namnen som registret släppte {formatLongDateSv(date)} (från kl. {RELEASE_TIME_TEXT}) och vad som blev av dem: fortfarande lediga
          enligt vår senaste kontroll, eller registrerade igen, med tiden från vår kontroll hos registret (på minuten) eller från den första
          ögonblicksbilden av registrets zon som har namnet, och vart namnet pekar nu.
        </p>
        <p className="font-medium text-slate-800" data-testid="archive-day-counts">
          {formatNumberSv(counts.released)} släppta · {formatNumberSv(counts.taken)} registrerade igen · {formatNumberSv(counts.free)}{" "}
          fortfarande lediga
          {counts.unchecked > 0 && ` · ${formatNumberSv(counts.unchecked)} inte kontrollerade`}
        </p>
        <ZoneSourceNote />
      </div>
      <ArchiveDayForm path={path} contains={view.filters.contains} outcome={view.outcome} sort={view.sort} hidden={panelEntries} />
      <ListFilters
        list="search"
        path={path}
        filters={view.filters}
        keep={viewEntries.filter(([name]) => ownFields.has(name))}
        matches={{ count: shownCount, more: false }}
        familyFilters={false}
      />
      <ArchiveDownloads date={date} query={query} />
      <p className="font-medium text-slate-700" data-testid="archive-shown-count" role="status">
        {filtered
          ? `${formatNumberSv(shownCount)} av ${formatNumberSv(counts.released)} namn · ${formatNumberSv(shownCounts.taken)} registrerade igen · ${formatNumberSv(shownCounts.free)} fortfarande lediga`
          : `Visar ${formatNumberSv(rows.length)} av ${formatNumberSv(counts.released)} namn`}
      </p>
      {rows.length === 0 ? (
        <EmptyState title="Inga av dagens namn matchar filtren">
          <p>
            Ta bort ett filter, eller{" "}
            <Link to={path} className="text-brand-700 underline">
              visa alla namn som släpptes {formatLongDateSv(date)}
            </Link>
            .
          </p>
        </EmptyState>
      ) : (
        <ArchiveNameList rows={rows} />
      )}
      {rows.length < shownCount && (
        <p className="text-center">
          <Link
            to={moreHref}
            preventScrollReset
            className={"inline-block rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-900 hover:bg-slate-50"}
          >
            Visa fler
          </Link>{" "}
          <span className="text-sm text-slate-700">
            ({formatNumberSv(rows.length)} av {formatNumberSv(shownCount)} visas)
          </span>
        </p>
      )}
    </section>
  );
}

const NO_DAY_TEXTS = {
  invalid: { title: "Ogiltigt datum", text: "Adressen ska sluta med ett datum som ÅÅÅÅ-MM-DD, till exempel /slappta/2026-12-01." },
  future: {
    title: "Den här dagen har inte kommit än",
    text: "Namn släpps från kl. 04:00 UTC på sitt släppdatum. Namnen som släpps de kommande dagarna finns bland de snart lediga domänerna.",
  },
  empty: { title: "Inga namn släpptes den här dagen", text: "Vi har inga namn som släpptes det här datumet." },
} as const;

/** A day the archive has nothing for: a bad or future date, a day without a release, or a read that failed. */
function NoDay({ state, date, error }: { state: "invalid" | "future" | "empty" | "error"; date: string; error: string | null }) {
  if (state === "error") return <ListError message={error ?? "Kunde inte hämta dagens släppta namn. Försök igen senare."} />;
  const texts = NO_DAY_TEXTS[state];
  return (
    <section aria-labelledby="archive-missing-title" className="space-y-4">
      <h1 id="archive-missing-title" className="text-3xl font-bold text-slate-900">
        {texts.title}
      </h1>
      <EmptyState title={state === "invalid" ? texts.title : `${texts.title}: ${date}`}>
        <p>
          {texts.text} Se{" "}
          <Link to="/slappta" className="text-brand-700 underline">
            alla släppdagar
          </Link>
          {state === "future" && (
            <>
              {" "}
              eller{" "}
              <Link to="/soon-available" className="text-brand-700 underline">
                de snart lediga domänerna
              </Link>
            </>
          )}
          .
        </p>
      </EmptyState>
    </section>
  );
}
