import { useEffect, useState } from "react";
import { detailCountdown, type DetailCountdown } from "~/domain/countdown";
import { releaseInstant } from "~/domain/release-instant";
import { startSecondTicker } from "./second-ticker";

export const RELEASED_NOW_TEXT = "Nu tillgänglig!";

/**
 * The current time, ticking every second after mount. The first render (on
 * the server and again while hydrating) uses the loader's time, so both
 * produce the same markup: no hydration mismatch however far the clocks differ.
 */
export function useTickingNow(serverNow: string, stopAt: number): number {
  const [now, setNow] = useState(() => Date.parse(serverNow));
  useEffect(
    () =>
      startSecondTicker((current) => {
        setNow(current);
        return current < stopAt;
      }),
    [stopAt],
  );
  return now;
}

/** Days, hours, minutes and seconds until 04:00 UTC on the release date, then "Nu tillgänglig!". */
export function LiveCountdown({ releaseDate, serverNow }: { releaseDate: string; serverNow: string }) {
  const now = useTickingNow(serverNow, releaseInstant(releaseDate).getTime());
  return <CountdownDisplay countdown={detailCountdown(releaseDate, new Date(now))} />;
}

const UNITS = [
  { key: "days", one: "dag", many: "dagar" },
  { key: "hours", one: "timme", many: "timmar" },
  { key: "minutes", one: "minut", many: "minuter" },
  { key: "seconds", one: "sekund", many: "sekunder" },
] as const;

export function CountdownDisplay({ countdown }: { countdown: DetailCountdown }) {
  if (countdown.passed) {
    return <p className="text-2xl font-bold text-green-700">{RELEASED_NOW_TEXT}</p>;
  }
  // role="timer" is not announced on every tick (implicit aria-live="off"): a
  // screen reader reads it when the user moves to it.
  return (
    <div role="timer" aria-label="Tid kvar till släppet" className="flex flex-wrap gap-2" data-testid="live-countdown">
      {UNITS.map((unit) => {
        const value = countdown[unit.key];
        return (
          <div key={unit.key} className="min-w-16 rounded-lg bg-brand-50 px-3 py-2 text-center">
            <span className="block text-2xl font-bold tabular-nums text-brand-800">{value}</span>
            <span className="block text-xs text-slate-700">{value === 1 ? unit.one : unit.many}</span>
          </div>
        );
      })}
    </div>
  );
}
