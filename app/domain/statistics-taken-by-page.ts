// What /statistik/vem-tar renders from the periods alone, on the server and again in the browser
// (as statisticsPageModel does for /statistik): each period's charts and sentences, and the tables.
import { TAKEN_BY_CHARTS, type StatisticsTable, type TakenByChartKey } from "./statistics-tables";
import { takenByTable } from "./statistics-taken-by-tables";
import { takenByKindChart, takenByKindSummary, takenByOperatorsChart, takenByOperatorsSummary } from "./statistics-taken-by-charts";
import { takenByWindowText, type TakenByWindow } from "./statistics-taken-by";

export function takenByPageModel(takenBy: TakenByWindow[]) {
  return {
    empty: takenBy.every((window) => window.taken === 0),
    tables: Object.fromEntries(TAKEN_BY_CHARTS.map((chart) => [chart, takenByTable(takenBy, chart)])) as Record<TakenByChartKey, StatisticsTable>,
    periods: takenBy.map((window) => ({
      days: window.days,
      released: window.released,
      taken: window.taken,
      text: takenByWindowText(window),
      operators: takenByOperatorsChart(window),
      operatorsSummary: takenByOperatorsSummary(window),
      byLength: takenByKindChart(window.byLength),
      byLengthSummary: takenByKindSummary(window.byLength),
      byChars: takenByKindChart(window.byChars),
      byCharsSummary: takenByKindSummary(window.byChars),
    })),
  };
}

export type TakenByPageModel = ReturnType<typeof takenByPageModel>;
