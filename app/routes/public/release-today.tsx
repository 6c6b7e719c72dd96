import { useMemo } from "react";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { EmptyState } from "~/components/empty-state";
import { ListError } from "~/components/list-error";
import { BoardList, MinuteChartFigure, rowTimes, useLiveBoard, type BoardRow } from "~/components/release-board";
import { formatLongDateSv, formatNumberSv } from "~/domain/format";
import { boardCounts, formatStockholmTime, morningDelayedSince, morningStatusText, type BoardChange } from "~/domain/release-board";
import { releaseInstant } from "~/domain/release-instant";
import {
  FILTER_PARAMS,
  hasPublicFilters,
  NO_FILTERS,
  parsePublicFilters,
  withoutEmptyFilters,
  type PublicFilters,
} from "~/domain/public-filters";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { RELEASE_TIME_TEXT } from "~/lib/site-facts";
import { databaseHandleOf } from "~/server/app-context.server";
import { findReleaseBoard, type BoardName } from "~/server/availability/release-board.server";
import { findListViewer, tryList } from "~/server/domains/lists.server";
import type { Route } from "./+types/release-today";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Släpps idag",
    description:
      "Dagens .se- och .nu-namn under släppmorgonen: vilka som blivit lediga, när, och hur snabbt de registrerades igen. Från kl. 12:00 UTC även morgondagens namn.",
    path: "/slapps-idag",
    noIndex: location.search.length > 1,
  });

/**
 * The first names drawn as rows; the rest behind "Visa alla" (?alla=1). A full day of 2,000 rows is
 * 380 KB of HTML and most of the page's render time, and a hunter watches bookmarked names (on top)
 * or filters. The counts and the live states cover every name either way.
 */
const FIRST_ROWS = 500;
const SHOW_ALL_PARAM = "alla";

/** The filters that make sense for one day's names: TLD, length and contains (docs/product.md, "The release morning, measured"). */
function boardFilters(params: URLSearchParams): PublicFilters {
  const parsed = parsePublicFilters(params);
  return { ...NO_FILTERS, tlds: parsed.tlds, lengthMin: parsed.lengthMin, lengthMax: parsed.lengthMax, contains: parsed.contains };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cleaned = withoutEmptyFilters(url.searchParams);
  if (cleaned !== null) throw redirect(`/slapps-idag${cleaned}`);
  const filters = boardFilters(url.searchParams);
  const handle = await databaseHandleOf(context);
  const viewer = await findListViewer(request);
  // To the minute: the states read in minutes, and the page then stays the same for the micro-cache.
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const board = await tryList(
    { list: "release-board", url: request.url },
    "Vi kunde inte läsa dagens släpp just nu. Försök igen om en liten stund.",
    () => findReleaseBoard(handle, { now, filters, userId: viewer.userId }),
  );
  if (!board.ok) return data({ error: board.error, board: null, tomorrow: null, filters, now: now.getTime() });
  const { releaseDate, morning, names, shown, tomorrow } = board.value;
  const showAll = url.searchParams.get(SHOW_ALL_PARAM) === "1";
  return data({
    error: null,
    board: { releaseDate, morning, total: names.length, rows: shown.map(boardRowOf), showAll },
    tomorrow: tomorrow === null ? null : { releaseDate: tomorrow.releaseDate, rows: tomorrow.shown.map(boardRowOf) },
    filters,
    now: now.getTime(),
  });
}

/** A board name as the page's short tuple (app/components/release-board.tsx, BoardRow). */
function boardRowOf({ name, unicodeName, firstFreeAt, takenAt, bookmarked }: BoardName): BoardRow {
  return [name, unicodeName === name ? null : unicodeName, firstFreeAt, takenAt, bookmarked ? 1 : 0];
}

export default function ReleaseToday({ loaderData }: Route.ComponentProps) {
  const { board, tomorrow, filters } = loaderData;
  return (
    <section aria-labelledby="release-today-title" className="space-y-6">
      <div className="space-y-2">
        <h1 id="release-today-title" className="text-3xl font-bold text-slate-900">
          Släpps idag
        </h1>
        <p className="max-w-3xl text-slate-700">
          Dagens namn under släppmorgonen. Från kl. 04:00 UTC frågar vi registret om varje namn tills det har setts ledigt eller
          registrerats igen. Tiderna är svensk tid; ”efter N min” är tiden från att namnet sågs ledigt till att det sågs registrerat. Från
          kl. 12:00 UTC visas även morgondagens namn, så att du kan förbereda dig kvällen före. Tidigare dagar och vad som blev av namnen
          finns i{" "}
          <Link to="/slappta" className="font-medium text-brand-700 underline underline-offset-2">
            arkivet över släppdagar
          </Link>
          .
        </p>
      </div>
      <BoardFilters filters={filters} />
      {board ? (
        <Board board={board} now={loaderData.now} filtered={hasPublicFilters(filters)} />
      ) : (
        <ListError message={loaderData.error!} />
      )}
      {tomorrow && (
        <Tomorrow tomorrow={tomorrow} now={loaderData.now} filtered={hasPublicFilters(filters)} showAll={board?.showAll ?? false} />
      )}
    </section>
  );
}

type BoardData = NonNullable<Route.ComponentProps["loaderData"]["board"]>;

function Board({ board, now: loadedAt, filtered }: { board: BoardData; now: number; filtered: boolean }) {
  const live = useLiveBoard({ releaseDate: board.releaseDate, morning: board.morning, now: loadedAt });
  const location = useLocation();
  const delayed = morningDelayedSince(live.morning, board.releaseDate, live.now) !== null;
  // One reading of the shown names' times for the chart and the counts, so both say the same.
  const times = useMemo(() => board.rows.map((row) => rowTimes(row, live.times)), [board.rows, live.times]);
  const counts = boardCounts(times, board.releaseDate, live.now);
  return (
    <>
      <div className="space-y-1">
        <h2 className="text-xl font-semibold text-slate-900">{formatLongDateSv(board.releaseDate)}</h2>
        <p role="status" data-testid="morning-status" className={delayed ? "font-semibold text-amber-900" : "text-slate-700"}>
          {morningStatusText(live.morning, board.releaseDate, live.now)}
        </p>
        <p className="text-sm text-slate-700">
          {live.live ? "Sidan uppdateras av sig själv. " : ""}
          <Link
            to={`${location.pathname}${location.search}`}
            reloadDocument
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            Uppdatera sidan
          </Link>
        </p>
      </div>
      <MinuteChartFigure times={times} seenFree={counts.seenFree} releaseDate={board.releaseDate} />
      <p className="font-medium text-slate-700" data-testid="count-text">
        {board.rows.length === board.total
          ? `${formatNumberSv(board.total)} namn`
          : `${formatNumberSv(board.rows.length)} av ${formatNumberSv(board.total)} namn`}
        {` · setts lediga: ${formatNumberSv(counts.seenFree)} · fortfarande lediga: ${formatNumberSv(counts.free)} · registrerade igen: ${formatNumberSv(counts.taken)}`}
      </p>
      {board.rows.length === 0 ? (
        <NoNames day="today" filtered={filtered} />
      ) : (
        <>
          <BoardList
            rows={board.showAll ? board.rows : board.rows.slice(0, FIRST_ROWS)}
            times={live.times}
            releaseDate={board.releaseDate}
            now={live.now}
          />
          {!board.showAll && board.rows.length > FIRST_ROWS && <ShowAllLink count={board.rows.length} />}
        </>
      )}
    </>
  );
}

type TomorrowData = NonNullable<Route.ComponentProps["loaderData"]["tomorrow"]>;

/** From 12:00 UTC: tomorrow's names, each waiting for its release, with the board's filters. */
function Tomorrow({ tomorrow, now, filtered, showAll }: { tomorrow: TomorrowData; now: number; filtered: boolean; showAll: boolean }) {
  const swedishTime = formatStockholmTime(releaseInstant(tomorrow.releaseDate).getTime());
  return (
    <section aria-labelledby="release-tomorrow-title" className="space-y-3" data-testid="release-tomorrow">
      <div className="space-y-1">
        <h2 id="release-tomorrow-title" className="text-xl font-semibold text-slate-900">
          Släpps i morgon, {formatLongDateSv(tomorrow.releaseDate)}
        </h2>
        <p className="text-slate-700">
          Namnen släpps i morgon tidigast kl. {RELEASE_TIME_TEXT} ({swedishTime} svensk tid). Förbered dig i kväll: bevaka namnen du vill
          ha, så kommer de först här i morgon.
        </p>
        <p className="font-medium text-slate-700" data-testid="tomorrow-count-text">
          {formatNumberSv(tomorrow.rows.length)} namn
        </p>
      </div>
      {tomorrow.rows.length === 0 ? (
        <NoNames day="tomorrow" filtered={filtered} />
      ) : (
        <BoardList
          rows={showAll ? tomorrow.rows : tomorrow.rows.slice(0, FIRST_ROWS)}
          times={NO_CHANGES}
          releaseDate={tomorrow.releaseDate}
          now={now}
          label="Morgondagens namn"
        />
      )}
      {!showAll && tomorrow.rows.length > FIRST_ROWS && <ShowAllLink count={tomorrow.rows.length} />}
    </section>
  );
}

/** Tomorrow's names have no live changes: the stream follows today's board. */
const NO_CHANGES = new Map<string, BoardChange>();

const DAY_WORDS = {
  today: { names: "dagens", when: "idag" },
  tomorrow: { names: "morgondagens", when: "i morgon" },
} as const;

/** The empty board of a day: no names that day, or none the filters keep. */
function NoNames({ day, filtered }: { day: keyof typeof DAY_WORDS; filtered: boolean }) {
  const words = DAY_WORDS[day];
  return (
    <EmptyState title={filtered ? `Inga av ${words.names} namn matchar filtren` : `Inga namn släpps ${words.when}`}>
      <p>
        {filtered
          ? `Ta bort ett filter för att se fler av ${words.names} namn, eller se `
          : `Inga .se- eller .nu-namn har släppdatum ${words.when}. Se `}
        <Link className="text-brand-700 underline" to="/soon-available">
          domänerna som snart blir lediga
        </Link>
        .
      </p>
    </EmptyState>
  );
}

/** "Visa alla N namn": the same view with ?alla=1, every row drawn (today's and tomorrow's). */
function ShowAllLink({ count }: { count: number }) {
  const location = useLocation();
  return (
    <p>
      <Link
        to={`${location.pathname}?${withParam(location.search, SHOW_ALL_PARAM, "1")}`}
        className="font-medium text-brand-700 underline underline-offset-2"
      >
        Visa alla {formatNumberSv(count)} namn
      </Link>{" "}
      <span className="text-slate-700">(de första {formatNumberSv(FIRST_ROWS)} visas; filtren ovan smalnar av listan)</span>
    </p>
  );
}

/** The query string with `name` set to `value`, the other parameters kept. */
function withParam(search: string, name: string, value: string): string {
  const params = new URLSearchParams(search);
  params.set(name, value);
  return params.toString();
}

/** A GET form, so it works before JavaScript loads; the loader sends its empty fields' view to the short address. */
function BoardFilters({ filters }: { filters: PublicFilters }) {
  const field = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-slate-900";
  return (
    <Form
      method="get"
      action="/slapps-idag"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-label="Filtrera dagens namn"
    >
      <label className="flex flex-col text-sm font-medium text-slate-800">
        Innehåller
        <input name={FILTER_PARAMS.contains} type="search" defaultValue={filters.contains ?? ""} className={`${field} w-40`} />
      </label>
      <label className="flex flex-col text-sm font-medium text-slate-800">
        Toppdomän
        <select name={FILTER_PARAMS.tlds} defaultValue={filters.tlds.length === 1 ? filters.tlds[0].slice(1) : ""} className={field}>
          <option value="">Alla</option>
          <option value="se">.se</option>
          <option value="nu">.nu</option>
        </select>
      </label>
      <label className="flex flex-col text-sm font-medium text-slate-800">
        Minst antal tecken
        <input
          name={FILTER_PARAMS.lengthMin}
          type="number"
          min={1}
          max={63}
          inputMode="numeric"
          defaultValue={filters.lengthMin ?? ""}
          className={`${field} w-24`}
        />
      </label>
      <label className="flex flex-col text-sm font-medium text-slate-800">
        Högst antal tecken
        <input
          name={FILTER_PARAMS.lengthMax}
          type="number"
          min={1}
          max={63}
          inputMode="numeric"
          defaultValue={filters.lengthMax ?? ""}
          className={`${field} w-24`}
        />
      </label>
      <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
        Filtrera
      </button>
    </Form>
  );
}
