import { memo, useEffect, useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import {
  boardStateOf,
  boardStateText,
  minuteChart,
  releasesPerMinute,
  type BoardChange,
  type BoardState,
  type BoardTimes,
  type MorningStatus,
} from "~/domain/release-board";
import { formatNumberSv } from "~/domain/format";

/**
 * A name as the board page gets it from its loader, as a short tuple (2,000 of them travel in the
 * page): ACE name, Unicode name when it differs, first seen free, taken again, bookmarked (1).
 */
export type BoardRow = [name: string, unicodeName: string | null, firstFreeAt: number | null, takenAt: number | null, bookmarked: 0 | 1];

type LiveBoard = { times: Map<string, BoardChange>; morning: MorningStatus; now: number; live: boolean };

type BoardEvent = { releaseDate: string; changes: BoardChange[]; morning: MorningStatus };

/** How often the open page re-reads the clock: states turn at 04:00 and 12:00 UTC without any change stored. */
const CLOCK_TICK_MS = 30_000;

/**
 * The board's live state: the loader's, then what /slapps-idag/events sends (Server-Sent Events).
 * Without JavaScript none of this runs and the page's refresh link reads it again.
 */
export function useLiveBoard(initial: { releaseDate: string; morning: MorningStatus; now: number }): LiveBoard {
  const revalidator = useRevalidator();
  const [live, setLive] = useState<LiveBoard>(() => ({
    times: new Map(),
    morning: initial.morning,
    now: initial.now,
    live: false,
  }));
  // A new loader reading (filters, a reload) starts from its own data.
  useEffect(() => {
    setLive((current) => ({ ...current, times: new Map(), morning: initial.morning, now: initial.now }));
  }, [initial.morning, initial.now]);
  useEffect(() => {
    const source = new EventSource("/slapps-idag/events");
    const apply = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as BoardEvent;
      if (event.releaseDate !== initial.releaseDate) return void revalidator.revalidate();
      setLive((current) => {
        const times = new Map(current.times);
        for (const change of event.changes) times.set(change[0], change);
        return { ...current, times, morning: event.morning, now: Date.now(), live: true };
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

/**
 * A row of the day's list, kept small (2,000 of them render in one page): the styles sit on the
 * list (BOARD_LIST_STYLE), a name is a plain link, and the row carries its state as data-state.
 */
const BoardItem = memo(
  function BoardItem({ row, text, kind }: { row: BoardRow; text: string; kind: BoardState["kind"] }) {
    const unicodeName = row[1] ?? row[0];
    return (
      <li data-domain={unicodeName} data-state={kind}>
        <a href={`/d/${encodeURIComponent(unicodeName)}`}>{unicodeName}</a>
        {row[4] === 1 && <b>Bevakad</b>}
        <span>{text}</span>
      </li>
    );
  },
  (before, after) => before.row === after.row && before.text === after.text,
);

const BOARD_LIST_STYLE = [
  "divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white",
  "[&>li]:flex [&>li]:flex-wrap [&>li]:items-center [&>li]:gap-x-2 [&>li]:gap-y-1 [&>li]:px-3 [&>li]:py-2",
  "[&_a]:min-w-0 [&_a]:truncate [&_a]:font-medium [&_a]:text-slate-900 [&_a]:underline-offset-2 [&_a:hover]:underline",
  "[&_b]:rounded [&_b]:bg-brand-50 [&_b]:px-1.5 [&_b]:py-0.5 [&_b]:text-xs [&_b]:font-medium [&_b]:text-brand-800",
  "[&_span]:ml-auto [&_span]:rounded [&_span]:px-2 [&_span]:py-0.5 [&_span]:text-sm [&_span]:bg-slate-100 [&_span]:text-slate-800",
  "[&_[data-state=held]_span]:bg-amber-50 [&_[data-state=held]_span]:text-amber-900",
  "[&_[data-state=free]_span]:bg-emerald-50 [&_[data-state=free]_span]:text-emerald-900",
  "[&_[data-state=taken]_span]:bg-rose-50 [&_[data-state=taken]_span]:text-rose-900",
].join(" ");

/** A row's times: the live change when one came, else the loader's. */
export function rowTimes(row: BoardRow, times: Map<string, BoardChange>) {
  const change = times.get(row[0]);
  return change ? { firstFreeAt: change[1], takenAt: change[2] } : { firstFreeAt: row[2], takenAt: row[3] };
}

/** The day's names with their states; `times` holds the live changes over the loader's rows. */
export function BoardList({
  rows,
  times,
  releaseDate,
  now,
  label = "Dagens namn",
}: {
  rows: BoardRow[];
  times: Map<string, BoardChange>;
  releaseDate: string;
  now: number;
  label?: string;
}) {
  return (
    <ul aria-label={label} className={BOARD_LIST_STYLE}>
      {rows.map((row) => {
        const state = boardStateOf(rowTimes(row, times), releaseDate, now);
        return <BoardItem key={row[0]} row={row} text={boardStateText(state)} kind={state.kind} />;
      })}
    </ul>
  );
}

/**
 * Names first seen free per minute, as a small bar chart (app/domain/release-board.ts draws the
 * coordinates), over the same names and times as the list's counts: `seenFree` is the bars' sum.
 * The scale and time labels are HTML beside the SVG, so they keep the page's text size on a phone.
 */
export function MinuteChartFigure({ times, seenFree, releaseDate }: { times: BoardTimes[]; seenFree: number; releaseDate: string }) {
  const chart = useMemo(() => {
    let lastChangeAt: number | null = null;
    for (const { firstFreeAt, takenAt } of times)
      for (const at of [firstFreeAt, takenAt]) if (at !== null && (lastChangeAt === null || at > lastChangeAt)) lastChangeAt = at;
    return minuteChart(
      releasesPerMinute(
        times.map((name) => name.firstFreeAt),
        releaseDate,
      ),
      releaseDate,
      lastChangeAt,
    );
  }, [times, releaseDate]);
  const busiest = chart.bars.reduce<(typeof chart.bars)[number] | null>(
    (best, bar) => (best && best.count >= bar.count ? best : bar),
    null,
  );
  const summary =
    seenFree === 0
      ? "Inga namn har setts lediga än."
      : `${formatNumberSv(seenFree)} namn har setts ${seenFree === 1 ? "ledigt" : "lediga"}, som mest ${busiest!.count} på en minut (kl. ${busiest!.time} svensk tid).`;
  return (
    <figure className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="font-semibold text-slate-900">Namn som setts lediga per minut</figcaption>
      <div className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1">
        <div aria-hidden="true" className="flex flex-col justify-between text-right text-xs text-slate-700" data-testid="chart-scale">
          <span>{chart.max}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${chart.width} ${chart.height + 1}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
          className="h-28 w-full"
          data-testid="minute-chart"
        >
          <line x1={0} x2={chart.width} y1={0.5} y2={0.5} stroke="#cbd5e1" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          <line
            x1={0}
            x2={chart.width}
            y1={chart.height + 0.5}
            y2={chart.height + 0.5}
            stroke="#64748b"
            vectorEffect="non-scaling-stroke"
          />
          {chart.bars.map((bar) => (
            <rect key={bar.minute} x={bar.x} y={bar.y} width={chart.barWidth} height={bar.height} fill="#1d4ed8">
              <title>{`${bar.time}: ${bar.count} namn`}</title>
            </rect>
          ))}
        </svg>
        <span />
        <p aria-hidden="true" className="flex justify-between text-xs text-slate-700" data-testid="chart-axis">
          <span>{chart.firstLabel}</span>
          <span>{chart.lastLabel}</span>
        </p>
      </div>
      <p className="text-sm text-slate-700">{summary}</p>
    </figure>
  );
}
