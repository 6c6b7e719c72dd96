// The release board (/slapps-idag; docs/product.md, "The release morning, measured"): what each
// of the day's names shows, from what the morning's rounds stored, and the per-minute count of
// names seen free. Pure, so the server renders it and the browser applies live changes with the
// same rule and the same texts.
import { releaseMorningEnd } from "./release-morning";
import { releaseInstant } from "./release-instant";

const MINUTE_MS = 60_000;

/** One of the day's names as the board knows it; times are epoch milliseconds. */
export type BoardTimes = {
  /** First seen free since the release (release_outcomes.first_free_at). */
  firstFreeAt: number | null;
  /** Registered again (release_outcomes.taken_at, else domains.taken_at). */
  takenAt: number | null;
};

export type BoardState =
  | { kind: "waiting" }
  | { kind: "held" }
  | { kind: "free"; since: number }
  | { kind: "taken"; at: number; afterMinutes: number | null }
  | { kind: "not-seen" };

/**
 * A name's state at `now`: before 04:00 UTC a name waits; from then it is free from its first
 * "free" answer and taken again from its catch ("efter N min" counts from first seen free to the
 * catch, whole minutes rounded down). Released but never seen free: held by the registry during
 * the morning ("släpps under morgonen"), not seen free after it.
 */
export function boardStateOf(times: BoardTimes, releaseDate: string, now: number): BoardState {
  // Stored times are shown as they are: the rounds store them only from 04:00 UTC.
  if (times.takenAt !== null) {
    const afterMinutes = times.firstFreeAt === null ? null : Math.max(0, Math.floor((times.takenAt - times.firstFreeAt) / MINUTE_MS));
    return { kind: "taken", at: times.takenAt, afterMinutes };
  }
  if (times.firstFreeAt !== null) return { kind: "free", since: times.firstFreeAt };
  if (now < releaseInstant(releaseDate).getTime()) return { kind: "waiting" };
  return now < releaseMorningEnd(releaseDate).getTime() ? { kind: "held" } : { kind: "not-seen" };
}

// Swedish time, as the visitor reads the clock; the zone is explicit, so server and browser render the same text.
const stockholmTime = new Intl.DateTimeFormat("sv-SE", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Stockholm" });

/** "04:37" in Swedish time (Europe/Stockholm). */
export function formatStockholmTime(moment: number): string {
  return stockholmTime.format(new Date(moment));
}

/** The state's text on the board: "Väntar", "Ledig sedan 06:37", "Registrerades igen 06:39 (efter 2 min)". */
export function boardStateText(state: BoardState): string {
  switch (state.kind) {
    case "waiting":
      return "Väntar";
    case "held":
      return "Släpps under morgonen";
    case "free":
      return `Ledig sedan ${formatStockholmTime(state.since)}`;
    case "taken":
      return state.afterMinutes === null
        ? `Registrerades ${formatStockholmTime(state.at)}`
        : `Registrerades igen ${formatStockholmTime(state.at)} (efter ${state.afterMinutes} min)`;
    case "not-seen":
      return "Sågs inte ledig under morgonen";
  }
}

/**
 * The board's counts, one figure for the chart and the list: names seen free (whether still free or
 * taken again since), free now, and taken again, over the same names with the same times.
 */
export type BoardCounts = { seenFree: number; free: number; taken: number };

export function boardCounts(names: Iterable<BoardTimes>, releaseDate: string, now: number): BoardCounts {
  const counts: BoardCounts = { seenFree: 0, free: 0, taken: 0 };
  for (const times of names) {
    if (times.firstFreeAt !== null) counts.seenFree++;
    const kind = boardStateOf(times, releaseDate, now).kind;
    if (kind === "free" || kind === "taken") counts[kind]++;
  }
  return counts;
}

/**
 * How many names were first seen free in each minute from 04:00 UTC, up to the latest such minute.
 * Every name seen free is in a bar (one seen free after 12:00 UTC too), so the bars add up to
 * BoardCounts.seenFree; a time before 04:00 (none is stored) would count in the first minute.
 */
export function releasesPerMinute(firstFreeTimes: Iterable<number | null>, releaseDate: string): number[] {
  const start = releaseInstant(releaseDate).getTime();
  const counts: number[] = [];
  for (const at of firstFreeTimes) {
    if (at === null) continue;
    const minute = Math.max(0, Math.floor((at - start) / MINUTE_MS));
    while (counts.length <= minute) counts.push(0);
    counts[minute]++;
  }
  return counts;
}

export type MinuteBar = { minute: number; count: number; x: number; y: number; height: number; /** "06:37", Swedish time. */ time: string };
export type MinuteChart = {
  width: number;
  height: number;
  barWidth: number;
  max: number;
  bars: MinuteBar[];
  firstLabel: string;
  lastLabel: string;
};

const CHART_WIDTH = 600;
const CHART_HEIGHT = 120;

/**
 * The small chart of names released per minute, as plain coordinates for an <svg viewBox>: one
 * bar per minute from 04:00 UTC to the minute after the last change (a name seen free or taken
 * again, `lastChangeAt`), at least 30 minutes wide. No scale library: the browser redraws it with each change.
 */
export function minuteChart(counts: readonly number[], releaseDate: string, lastChangeAt: number | null = null): MinuteChart {
  const start = releaseInstant(releaseDate).getTime();
  const lastChangeMinute = lastChangeAt === null ? 0 : Math.floor((lastChangeAt - start) / MINUTE_MS) + 1;
  const minutes = Math.max(30, counts.length, lastChangeMinute);
  const max = Math.max(1, ...counts);
  const barWidth = CHART_WIDTH / minutes;
  const bars = counts.flatMap((count, minute) => {
    if (count === 0) return [];
    const height = Math.max(1, Math.round((count / max) * CHART_HEIGHT * 10) / 10);
    const x = Math.round(minute * barWidth * 10) / 10;
    return [
      { minute, count, x, y: Math.round((CHART_HEIGHT - height) * 10) / 10, height, time: formatStockholmTime(start + minute * MINUTE_MS) },
    ];
  });
  return {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    barWidth: Math.max(0.5, Math.round(barWidth * 0.8 * 10) / 10),
    max,
    bars,
    firstLabel: formatStockholmTime(start),
    lastLabel: formatStockholmTime(start + minutes * MINUTE_MS),
  };
}

/** A board name's live change as the event stream sends it: ACE name, first free, taken (ms or null). */
export type BoardChange = [name: string, firstFreeAt: number | null, takenAt: number | null];

export type MorningStatus = {
  startedAt: number | null;
  lastRoundAt: number | null;
  delayedSince: number | null;
  finishedAt: number | null;
};

/** No round for this long during the morning (the job not running, or the registry answering slowly): the check is behind. */
export const ROUND_OVERDUE_MS = 5 * MINUTE_MS;

/**
 * Since when the morning's checking is behind, or null: the rounds marked it delayed (the registry
 * failing), or no round has been stored for ROUND_OVERDUE_MS while the morning is on.
 */
export function morningDelayedSince(status: MorningStatus, releaseDate: string, now: number): number | null {
  const release = releaseInstant(releaseDate).getTime();
  if (now < release || status.finishedAt !== null || now >= releaseMorningEnd(releaseDate).getTime()) return null;
  if (status.delayedSince !== null) return status.delayedSince;
  const lastSign = status.lastRoundAt ?? status.startedAt ?? release;
  return now - lastSign >= ROUND_OVERDUE_MS ? lastSign : null;
}

/** What the page says of the morning's checking. */
export function morningStatusText(status: MorningStatus, releaseDate: string, now: number): string {
  const release = releaseInstant(releaseDate).getTime();
  if (now < release) return `Namnen släpps tidigast kl. ${formatStockholmTime(release)} svensk tid.`;
  if (status.finishedAt !== null) return `Morgonens kontroll är klar sedan ${formatStockholmTime(status.finishedAt)}.`;
  const delayedSince = morningDelayedSince(status, releaseDate, now);
  if (delayedSince !== null) return `Kontrollen är försenad sedan ${formatStockholmTime(delayedSince)}: tiderna kan komma sent.`;
  if (now >= releaseMorningEnd(releaseDate).getTime()) return "Morgonen är över. Här syns dagens utfall.";
  if (status.startedAt === null) return "Kontrollen har inte börjat än.";
  return status.lastRoundAt === null ? "Kontrollen pågår." : `Kontrollen pågår. Senaste varvet ${formatStockholmTime(status.lastRoundAt)}.`;
}
