import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { statisticsTable } from "~/domain/statistics-tables";
import { statisticsView } from "~tests/factories/statistics-view";
import { statisticsCsv } from "./statistics-csv.server";

const TODAY = "2026-03-20";

/** The rows as Swedish Excel splits them: semicolons, the byte order mark kept apart. */
function rowsOf(csv: string): string[][] {
  expect(csv.startsWith("\uFEFF")).toBe(true);
  return parse(csv.slice(1), { delimiter: ";" }) as string[][];
}

describe("statisticsCsv", () => {
  it("writes decimals with a comma, as Swedish Excel reads them, and whole numbers as they are", () => {
    const view = statisticsView(TODAY, (v) => {
      Object.assign(v.renewalCurve[0], { onList: 38, renewed: 3 });
      Object.assign(v.renewalCurve[1], { onList: 4, renewed: 2 });
    });
    const csv = statisticsCsv(statisticsTable(view, "fornyas"));
    expect(csv).toContain("\r\n");
    const [header, first, second, empty] = rowsOf(csv);
    expect(header).toEqual(["days_left", "on_list", "renewed", "renewed_percent"]);
    // 3 of 38 is 7.9 %; 2 of 4 is 50 %; nobody on the list has no share.
    expect(first.slice(1)).toEqual(["38", "3", "7,9"]);
    expect(second.slice(1)).toEqual(["4", "2", "50"]);
    expect(empty.slice(1)).toEqual(["0", "0", ""]);
    expect(csv).not.toMatch(/\d\.\d/);
  });

  it("writes minutes under ten with their decimal comma, and yes and no as every CSV does", () => {
    const view = statisticsView(TODAY, (v) => {
      v.releaseDays.find((day) => day.day === "2026-03-25")!.se = 2;
    });
    const days = rowsOf(statisticsCsv(statisticsTable(view, "slapp-per-dag")));
    expect(days.find((row) => row[0] === "2026-03-10")).toEqual(["2026-03-10", "0", "0", "0", "nej"]);
    expect(days.find((row) => row[0] === "2026-03-25")).toEqual(["2026-03-25", "2", "0", "2", "ja"]);

    const durations = rowsOf(
      statisticsCsv({
        columns: [
          { key: "group", header: "Grupp" },
          { key: "median_minutes", header: "Median (min)" },
        ],
        rows: [
          ["4 tecken", 2.5],
          ["5 tecken", 12],
        ],
      }),
    );
    expect(durations).toEqual([
      ["group", "median_minutes"],
      ["4 tecken", "2,5"],
      ["5 tecken", "12"],
    ]);
  });
});
