import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { detailCountdown } from "~/domain/countdown";
import { startSecondTicker } from "./second-ticker";
import { LiveCountdown } from "./live-countdown";

const RELEASE = "2030-06-10"; // released 2030-06-10T04:00:00Z

function text(html: string) {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("LiveCountdown", () => {
  afterEach(() => vi.useRealTimers());

  it("renders from the loader's time on the server, not the machine clock", () => {
    vi.useFakeTimers({ now: new Date("2031-01-01T00:00:00Z") });
    const html = renderToString(<LiveCountdown releaseDate={RELEASE} serverNow="2030-06-08T03:59:58.500Z" />);
    expect(text(html)).toBe("2 dagar 0 timmar 0 minuter 2 sekunder");
    expect(html).toContain('role="timer"');
  });

  it("uses singular units for one", () => {
    const html = renderToString(<LiveCountdown releaseDate={RELEASE} serverNow="2030-06-09T02:58:59.000Z" />);
    expect(text(html)).toBe("1 dag 1 timme 1 minut 1 sekund");
  });

  it('shows "Nu tillgänglig!" once the release time has passed', () => {
    const html = renderToString(<LiveCountdown releaseDate={RELEASE} serverNow="2030-06-10T04:00:00.000Z" />);
    expect(text(html)).toBe("Nu tillgänglig!");
  });
});

describe("the live countdown on a controllable clock", () => {
  afterEach(() => vi.useRealTimers());

  it("counts down every second, reaches zero and then passes", () => {
    vi.useFakeTimers({ now: new Date("2030-06-10T03:59:57.300Z") });
    const seen: string[] = [];
    startSecondTicker((now) => {
      const countdown = detailCountdown(RELEASE, new Date(now));
      seen.push(countdown.passed ? "passed" : `${countdown.minutes}:${countdown.seconds}`);
      return !countdown.passed;
    });
    vi.advanceTimersByTime(5_000);
    expect(seen).toEqual(["0:3", "0:2", "0:1", "passed"]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
