import { data, Form, Link, redirect, useLocation } from "react-router";
import { EmptyState } from "~/components/empty-state";
import { ListError } from "~/components/list-error";
import { BoardList, MinuteChartFigure, rowTimes, useLiveBoard, type BoardRow } from "~/components/release-board";
import { formatLongDateSv, formatNumberSv } from "~/domain/format";
import { boardStateOf, morningDelayedSince, morningStatusText } from "~/domain/release-board";
import {
  FILTER_PARAMS,
  hasPublicFilters,
  NO_FILTERS,
  parsePublicFilters,
  withoutEmptyFilters,
  type PublicFilters,
} from "~/domain/public-filters";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { databaseHandleOf } from "~/server/app-context.server";
import { findReleaseBoard } from "~/server/availability/release-board.server";
import { findListViewer, tryList } from "~/server/domains/lists.server";
import type { Route } from "./+types/release-today";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Släpps idag",
    description: "Dagens .se- och .nu-namn under släppmorgonen: vilka som blivit lediga, när, och hur snabbt de registrerades igen.",
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
  if (!board.ok) return data({ error: board.error, board: null, filters, now: now.getTime() });
  const { releaseDate, morning, perMinute, names, shown } = board.value;
  const rows = shown.map(({ name, unicodeName, firstFreeAt, takenAt, bookmarked }): BoardRow => [
    name,
    unicodeName === name ? null : unicodeName,
    firstFreeAt,
    takenAt,
    bookmarked ? 1 : 0,
  ]);
  const showAll = url.searchParams.get(SHOW_ALL_PARAM) === "1";
  return data({ error: null, board: { releaseDate, morning, perMinute, total: names.length, rows, showAll }, filters, now: now.getTime() });
}

export default function ReleaseToday({ loaderData }: Route.ComponentProps) {
  const { board, filters } = loaderData;
  return (
    <section aria-labelledby="release-today-title" className="space-y-6">
      <div className="space-y-2">
        <h1 id="release-today-title" className="text-3xl font-bold text-slate-900">
          Släpps idag
        </h1>
        <p className="max-w-3xl text-slate-700">
          Dagens namn under släppmorgonen. Från kl. 04:00 UTC frågar vi registret om varje namn tills det har setts ledigt eller
          registrerats igen. Tiderna är svensk tid; ”efter N min” är tiden från att namnet sågs ledigt till att det sågs registrerat.
        </p>
      </div>
      <BoardFilters filters={filters} />
      {board ? (
        <Board board={board} now={loaderData.now} filtered={hasPublicFilters(filters)} />
      ) : (
        <ListError message={loaderData.error!} />
      )}
    </section>
  );
}

type BoardData = NonNullable<Route.ComponentProps["loaderData"]["board"]>;

function Board({ board, now: loadedAt, filtered }: { board: BoardData; now: number; filtered: boolean }) {
  const live = useLiveBoard({ releaseDate: board.releaseDate, morning: board.morning, perMinute: board.perMinute, now: loadedAt });
  const location = useLocation();
  const delayed = morningDelayedSince(live.morning, board.releaseDate, live.now) !== null;
  const counts = { free: 0, taken: 0 };
  for (const row of board.rows) {
    const kind = boardStateOf(rowTimes(row, live.times), board.releaseDate, live.now).kind;
    if (kind === "free" || kind === "taken") counts[kind]++;
  }
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
      <MinuteChartFigure perMinute={live.perMinute} releaseDate={board.releaseDate} />
      <p className="font-medium text-slate-700" data-testid="count-text">
        {board.rows.length === board.total
          ? `${formatNumberSv(board.total)} namn`
          : `${formatNumberSv(board.rows.length)} av ${formatNumberSv(board.total)} namn`}
        {` · ${formatNumberSv(counts.free)} lediga · ${formatNumberSv(counts.taken)} registrerade igen`}
      </p>
      {board.rows.length === 0 ? (
        <EmptyState title={filtered ? "Inga av dagens namn matchar filtren" : "Inga namn släpps idag"}>
          <p>
            {filtered
              ? "Ta bort ett filter för att se fler av dagens namn, eller se "
              : "Inga .se- eller .nu-namn har släppdatum idag. Se "}
            <Link className="text-brand-700 underline" to="/soon-available">
              domänerna som snart blir lediga
            </Link>
            .
          </p>
        </EmptyState>
      ) : (
        <>
          <BoardList
            rows={board.showAll ? board.rows : board.rows.slice(0, FIRST_ROWS)}
            times={live.times}
            releaseDate={board.releaseDate}
            now={live.now}
          />
          {!board.showAll && board.rows.length > FIRST_ROWS && (
            <p>
              <Link
                to={`${location.pathname}?${withParam(location.search, SHOW_ALL_PARAM, "1")}`}
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                Visa alla {formatNumberSv(board.rows.length)} namn
              </Link>{" "}
              <span className="text-slate-700">(de första {formatNumberSv(FIRST_ROWS)} visas; filtren ovan smalnar av listan)</span>
            </p>
          )}
        </>
      )}
    </>
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
