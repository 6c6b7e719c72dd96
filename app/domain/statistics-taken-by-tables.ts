// The tables of "Vem tar de släppta namnen?" (/statistik/vem-tar), as its page shows them and its
// CSVs send them, kept apart from /statistik's so that page's bundle does not carry them.
import { yesNo } from "./csv-values";
import type { StatisticsView } from "./statistics";
import { statisticsTable, TAKEN_BY_CHARTS, type StatisticsChartKey, type StatisticsTable, type TableColumn, type TakenByChartKey } from "./statistics-tables";
import { hoursOf, OPERATOR_KIND_WORDS_SV, TAKEN_BY_KINDS, TAKEN_BY_TOP_PER_GROUP, type TakenByGroup, type TakenByWindow } from "./statistics-taken-by";

/** Any chart's table, /statistik's or /statistik/vem-tar's: what /statistik/{chart}.csv sends. */
export function chartTable(view: StatisticsView, chart: StatisticsChartKey): StatisticsTable {
  return isTakenByChart(chart) ? takenByTable(view.takenBy, chart) : statisticsTable(view, chart);
}

const isTakenByChart = (chart: StatisticsChartKey): chart is TakenByChartKey => (TAKEN_BY_CHARTS as readonly string[]).includes(chart);

/** A chart of "Vem tar de släppta namnen?" as a table, from its periods alone. */
export function takenByTable(takenBy: TakenByWindow[], chart: TakenByChartKey): StatisticsTable {
  switch (chart) {
    case "vem-tar-operatorer":
      return takenByOperatorsTable(takenBy);
    case "vem-tar-per-langd":
      return takenByGroupsTable(takenBy, { key: "length_group", header: "Längd" }, (window) => window.byLength);
    case "vem-tar-per-tecken":
      return takenByGroupsTable(takenBy, { key: "char_group", header: "Tecken" }, (window) => window.byChars);
  }
}

const PERIOD_COLUMN: TableColumn = { key: "period_days", header: "Period (dagar)" };
const MEDIAN_COLUMN: TableColumn = { key: "median_hours", header: "Median till zonen (timmar)" };
const medianHours = (seconds: number | null) => (seconds === null ? null : hoursOf(seconds));

/** Every operator of each period (the largest ones listed, the rest as one row), with its share of the names taken again. */
function takenByOperatorsTable(windows: TakenByWindow[]): StatisticsTable {
  return {
    columns: [
      PERIOD_COLUMN,
      { key: "operator", header: "Pekar på" },
      { key: "kind", header: "Slag" },
      { key: "in_operator_table", header: "I vår operatörstabell" },
      { key: "names", header: "Namn", shareOf: "taken_total" },
      { key: "taken_total", header: "Registrerade igen, totalt" },
      MEDIAN_COLUMN,
    ],
    rows: windows.flatMap((window) => [
      ...window.operators.map((operator) => [
        window.days,
        operator.operator,
        OPERATOR_KIND_WORDS_SV[operator.kind],
        yesNo(operator.known),
        operator.names,
        window.taken,
        hoursOf(operator.medianSeconds),
      ]),
      ...(window.otherOperators.operators > 0
        ? [[window.days, `Övriga (${window.otherOperators.operators} st.)`, null, null, window.otherOperators.names, window.taken, null]]
        : []),
    ]),
  };
}

/** Per group of each period: released, taken again, by kind of operator, the largest operators and the median time to the zone. */
function takenByGroupsTable(windows: TakenByWindow[], first: TableColumn, groupsOf: (window: TakenByWindow) => TakenByGroup[]): StatisticsTable {
  const tops = Array.from({ length: TAKEN_BY_TOP_PER_GROUP }, (_, index) => index + 1);
  return {
    columns: [
      PERIOD_COLUMN,
      first,
      { key: "released", header: "Släppta" },
      { key: "taken", header: "Registrerade igen", shareOf: "released" },
      ...TAKEN_BY_KINDS.map((kind): TableColumn => ({ key: `kind_${kind}`, header: `Pekar på ${OPERATOR_KIND_WORDS_SV[kind]}`, shareOf: "taken" })),
      ...tops.flatMap((rank): TableColumn[] => [
        { key: `operator_${rank}`, header: `Störst ${rank}` },
        { key: `operator_${rank}_names`, header: `Störst ${rank}, namn`, shareOf: "taken" },
      ]),
      MEDIAN_COLUMN,
    ],
    rows: windows.flatMap((window) =>
      groupsOf(window).map((group) => [
        window.days,
        group.label,
        group.released,
        group.taken,
        ...TAKEN_BY_KINDS.map((kind) => group.kinds[kind]),
        ...tops.flatMap((rank) => {
          const top = group.topOperators[rank - 1];
          return top ? [top.operator, top.names] : [null, null];
        }),
        medianHours(group.medianSeconds),
      ]),
    ),
  };
}

