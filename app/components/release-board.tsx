import { memo, useEffect, useMemo, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { boardStateOf, boardStateText, minuteChart, type BoardChange, type BoardState, type MorningStatus } from "~/domain/release-board";

/** A name as the board page gets it from its loader. */
export type BoardRow = { name: string; unicodeName: string; firstFreeAt: number | null; takenAt: number | null; bookmarked: boolean };

type LiveBoard = { times: Map<string, BoardChange>; morning: MorningStatus; perMinute: number[]; now: number; live: boolean };

type BoardEvent = { releaseDate: string; changes: BoardChange[]; morning: MorningStatus; perMinute: number[] };

/** How often the open page re-reads the clock: states turn at 04:00 and 12:00 UTC without any change stored. */
const CLOCK_TICK_MS = 30_000;

/**
 * The board's live state: the loader's, then what /slapps-idag/events sends (Server-Sent Events).
 * Without JavaScript none of this runs and the page's refresh link reads it again.
 */
export function useLiveBoard(initial: { releaseDate: string; morning: MorningStatus; perMinute: number[]; now: number }): LiveBoard {
  const revalidator = useRevalidator();
  const [live, setLive] = useState<LiveBoard>(() => ({
    times: new Map(),
    morning: initial.morning,
    perMinute: initial.perMinute,
    now: initial.now,
    live: false,
  }));
  // A new loader reading (filters, a reload) starts from its own data.
  useEffect(() => {
    setLive((current) => ({ ...current, times: new Map(), morning: initial.morning, perMinute: initial.perMinute, now: initial.now }));
  }, [initial.morning, initial.perMinute, initial.now]);
  useEffect(() => {
    const source = new EventSource("/slapps-idag/events");
    const apply = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as BoardEvent;
      if (event.releaseDate !== initial.releaseDate) return void revalidator.revalidate();
      setLive((current) => {
        const times = new Map(current.times);
        for (const change of event.changes) times.set(change[0], change);
        return { ...current, times, morning: event.morning, perMinute: event.perMinute, now: Date.now(), live: true };
      });
    };
    source.addEventListener("board", apply);
    source.addEventListener("change", apply);
    source.addEventListener("reload", () => void revalidator.revalidate());
    source.addEventListener("open", () => setLive((current) => ({ ...current, live: true })));
    source.addEventListener("error", () => setLive((current) => ({ ...current, live: false })));
    const clock = setInterval(() => setLive((current) => ({ ...current, now: Date.now() })), CLOCK_TICK_MS);
    return () => {
      source.close();
      clearInterval(clock);
    };
    // One stream per day shown; the revalidator is read when an event comes, not a reason to reconnect.
  }, [initial.releaseDate]);
  return live;
}

const STATE_STYLES: Record<BoardState["kind"], string> = {
  waiting: "bg-slate-100 text-slate-800",
  held: "bg-amber-50 text-amber-900",
  free: "bg-emerald-50 text-emerald-900",
  taken: "bg-rose-50 text-rose-900",
  "not-seen": "bg-slate-100 text-slate-800",
};

const BoardItem = memo(
  function BoardItem({ row, state }: { row: BoardRow; state: BoardState }) {
    return (
      <li
        data-domain={row.unicodeName}
        data-state={state.kind}
        className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2"
      >
        <span className="flex min-w-0 items-center gap-2">
          <Link
            to={`/d/${encodeURIComponent(row.unicodeName)}`}
            className="truncate font-medium text-slate-900 underline-offset-2 hover:underline"
          >
            {row.unicodeName}
          </Link>
          {row.bookmarked && <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">Bevakad</span>}
        </span>
        <span className={`rounded px-2 py-0.5 text-sm ${STATE_STYLES[state.kind]}`}>{boardStateText(state)}</span>
      </li>
    );
  },
  (before, after) =>
    before.row === after.row && before.state.kind === after.state.kind && boardStateText(before.state) === boardStateText(after.state),
);

/** The day's names with their states; `times` holds the live changes over the loader's rows. */
export function BoardList({
  rows,
  times,
  releaseDate,
  now,
}: {
  rows: BoardRow[];
  times: Map<string, BoardChange>;
  releaseDate: string;
  now: number;
}) {
  return (
    <ul aria-label="Dagens namn" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {rows.map((row) => {
        const change = times.get(row.name);
        const state = boardStateOf(change ? { firstFreeAt: change[1], takenAt: change[2] } : row, releaseDate, now);
        return <BoardItem key={row.name} row={row} state={state} />;
      })}
    </ul>
  );
}

/** Names released per minute so far, as a small bar chart (app/domain/release-board.ts draws the coordinates). */
export function MinuteChartFigure({ perMinute, releaseDate }: { perMinute: number[]; releaseDate: string }) {
  const chart = useMemo(() => minuteChart(perMinute, releaseDate), [perMinute, releaseDate]);
  const total = perMinute.reduce((sum, count) => sum + count, 0);
  const busiest = chart.bars.reduce<(typeof chart.bars)[number] | null>(
    (best, bar) => (best && best.count >= bar.count ? best : bar),
    null,
  );
  const summary =
    total === 0
      ? "Inga namn har setts lediga än."
      : `${total} namn har setts lediga, som mest ${busiest!.count} på en minut (kl. ${busiest!.time}).`;
  return (
    <figure className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="font-semibold text-slate-900">Släppta namn per minut</figcaption>
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height + 18}`}
        role="img"
        aria-label={summary}
        className="h-auto w-full"
        data-testid="minute-chart"
      >
        <line x1={0} x2={chart.width} y1={chart.height + 0.5} y2={chart.height + 0.5} stroke="#64748b" />
        {chart.bars.map((bar) => (
          <rect key={bar.minute} x={bar.x} y={bar.y} width={chart.barWidth} height={bar.height} fill="#1d4ed8">
            <title>{`${bar.time}: ${bar.count} namn`}</title>
          </rect>
        ))}
        <text x={0} y={chart.height + 15} fontSize={12} fill="#334155">
          {chart.firstLabel}
        </text>
        <text x={chart.width} y={chart.height + 15} fontSize={12} fill="#334155" textAnchor="end">
          {chart.lastLabel}
        </text>
      </svg>
      <p className="text-sm text-slate-700">{summary}</p>
    </figure>
  );
}
