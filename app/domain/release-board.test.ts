import { describe, expect, it } from "vitest";
import {
  boardCounts,
  boardStateOf,
  boardStateText,
  minuteChart,
  morningDelayedSince,
  morningStatusText,
  releasesPerMinute,
} from "./release-board";

const DAY = "2030-06-14";
const t = (time: string) => Date.parse(`${DAY}T${time}Z`);
const NO_MORNING = { startedAt: null, lastRoundAt: null, delayedSince: null, finishedAt: null };

describe("boardStateOf and boardStateText (summer time: UTC+2)", () => {
  it.each([
    ["before 04:00 UTC", { firstFreeAt: null, takenAt: null }, t("03:59:59"), "Väntar"],
    ["released, not seen free, during the morning", { firstFreeAt: null, takenAt: null }, t("04:10:00"), "Släpps under morgonen"],
    ["seen free", { firstFreeAt: t("04:37:30"), takenAt: null }, t("04:40:00"), "Ledig sedan 06:37"],
    [
      "taken again: minutes from first free to the catch",
      { firstFreeAt: t("04:37:30"), takenAt: t("04:39:40") },
      t("04:40:00"),
      "Registrerades igen 06:39 (efter 2 min)",
    ],
    ["registered without being seen free", { firstFreeAt: null, takenAt: t("13:00:00") }, t("14:00:00"), "Registrerades 15:00"],
    ["after the morning, never seen free", { firstFreeAt: null, takenAt: null }, t("12:00:00"), "Sågs inte ledig under morgonen"],
  ])("%s", (_case, times, now, text) => {
    expect(boardStateText(boardStateOf(times, DAY, now))).toBe(text);
  });
});

describe("the morning's status", () => {
  it.each([
    ["before the release", NO_MORNING, t("03:00:00"), "Namnen släpps tidigast kl. 06:00 svensk tid."],
    [
      "rounds going",
      { ...NO_MORNING, startedAt: t("04:00:00"), lastRoundAt: t("04:20:00") },
      t("04:21:00"),
      "Kontrollen pågår. Senaste varvet 06:20.",
    ],
    [
      "the registry failing",
      { ...NO_MORNING, startedAt: t("04:00:00"), lastRoundAt: t("04:20:00"), delayedSince: t("04:15:00") },
      t("04:21:00"),
      "Kontrollen är försenad sedan 06:15: tiderna kan komma sent.",
    ],
    [
      "no round for five minutes",
      { ...NO_MORNING, startedAt: t("04:00:00"), lastRoundAt: t("04:20:00") },
      t("04:25:00"),
      "Kontrollen är försenad sedan 06:20: tiderna kan komma sent.",
    ],
    [
      "finished",
      { ...NO_MORNING, startedAt: t("04:00:00"), finishedAt: t("05:02:00") },
      t("06:00:00"),
      "Morgonens kontroll är klar sedan 07:02.",
    ],
    ["after the morning", NO_MORNING, t("13:00:00"), "Morgonen är över. Här syns dagens utfall."],
  ])("%s", (_case, status, now, text) => {
    expect(morningStatusText(status, DAY, now)).toBe(text);
  });

  it("is never delayed before the release or after the morning", () => {
    expect(morningDelayedSince({ ...NO_MORNING, delayedSince: t("03:00:00") }, DAY, t("03:30:00"))).toBeNull();
    expect(morningDelayedSince({ ...NO_MORNING, delayedSince: t("11:00:00") }, DAY, t("12:00:00"))).toBeNull();
  });
});

describe("boardCounts, releasesPerMinute and minuteChart", () => {
  it("counts first-free times by minute from 04:00 UTC, leaving out only the unseen", () => {
    // A name first seen free after 12:00 UTC (the regular check) is in the chart too: 480 minutes after 04:00.
    const perMinute = releasesPerMinute([t("04:00:10"), t("04:00:50"), t("04:02:00"), null, t("12:00:00")], DAY);
    expect(perMinute.slice(0, 3)).toEqual([2, 0, 1]);
    expect(perMinute).toHaveLength(481);
    expect(perMinute[480]).toBe(1);
  });

  it("gives the chart and the list one figure: the names seen free are the bars' sum, free now and taken again among them", () => {
    const names = [
      { firstFreeAt: t("04:37:10"), takenAt: null },
      { firstFreeAt: t("04:37:40"), takenAt: t("04:39:50") },
      { firstFreeAt: null, takenAt: t("04:41:00") },
      { firstFreeAt: null, takenAt: null },
      // Seen free by the regular check after the morning: free on the list, so in the chart as well.
      { firstFreeAt: t("13:05:00"), takenAt: null },
    ];
    const counts = boardCounts(names, DAY, t("14:00:00"));
    expect(counts).toEqual({ seenFree: 3, free: 2, taken: 2 });
    const bars = minuteChart(
      releasesPerMinute(
        names.map((name) => name.firstFreeAt),
        DAY,
      ),
      DAY,
    ).bars;
    expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(counts.seenFree);
  });

  it("draws one bar per minute with releases, the tallest full height", () => {
    const chart = minuteChart([2, 0, 1], DAY);
    expect(chart.bars.map((bar) => [bar.minute, bar.height, bar.time])).toEqual([
      [0, 120, "06:00"],
      [2, 60, "06:02"],
    ]);
    expect([chart.firstLabel, chart.lastLabel, chart.max]).toEqual(["06:00", "06:30", 2]);
  });

  it("runs its time axis past the last change, a catch after the last first-free minute included", () => {
    const chart = minuteChart([2, 0, 1], DAY, t("04:44:30"));
    expect(chart.lastLabel).toBe("06:45");
  });
});
