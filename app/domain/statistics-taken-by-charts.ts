// The charts of "Vem tar de släppta namnen?" (statistics-taken-by.ts), drawn like the page's other
// bar charts (statistics-charts.ts): the largest operators' shares per period, and per length or
// character group the shares by kind of operator.
import { scaleLinear } from "./chart-scales";
import { formatNumberSv, formatPercentSv } from "./format";
import type { NameServerOperatorKind } from "./name-server-operators";
import { MIN_BASIS } from "./statistics";
import type { BarRowsModel, ChartSeries, LegendEntry } from "./statistics-chart-models";
import { BAR_HEIGHT, barTop, rect, round, rowsFrame, SMALL_WIDTH, stackedShareRows } from "./statistics-charts";
import {
  OPERATOR_KIND_WORDS_SV,
  operatorLabelSv,
  TAKEN_BY_CHART_OPERATORS,
  TAKEN_BY_KINDS,
  type TakenByGroup,
  type TakenByWindow,
} from "./statistics-taken-by";

/** The kinds' colours, each at least 3:1 against the white page (WCAG 1.4.11). */
export const KIND_COLORS: Record<NameServerOperatorKind, string> = {
  registrar_host: "#1d4ed8",
  parking: "#b45309",
  aftermarket: "#7e22ce",
  other: "#475569",
};

export const KIND_LEGEND: LegendEntry[] = TAKEN_BY_KINDS.map((kind) => ({
  label: OPERATOR_KIND_WORDS_SV[kind].replace(/^./, (first) => first.toUpperCase()),
  color: KIND_COLORS[kind],
  style: "solid",
}));

/** "Sedo (parkering)": an operator as a bar's label; registrars and hosts need no word. */
function operatorRowLabel(operator: { operator: string; known: boolean; kind: NameServerOperatorKind }): string {
  const label = operatorLabelSv(operator);
  return operator.kind === "registrar_host" ? label : `${label} (${OPERATOR_KIND_WORDS_SV[operator.kind]})`;
}

/** The rows a period's operator chart shows: the largest operators, then the rest together as "Övriga". */
export function operatorChartRows(window: TakenByWindow): { label: string; names: number; kind: NameServerOperatorKind | null }[] {
  const shown = window.operators.slice(0, TAKEN_BY_CHART_OPERATORS);
  const rest = window.taken - shown.reduce((sum, operator) => sum + operator.names, 0);
  const rows = shown.map((operator) => ({ label: operatorRowLabel(operator), names: operator.names, kind: operator.kind as NameServerOperatorKind | null }));
  return rest > 0 ? [...rows, { label: "Övriga", names: rest, kind: null }] : rows;
}

/** One period's largest operators as shares of the names taken again, coloured by kind, the share at each bar's end. */
export function takenByOperatorsChart(window: TakenByWindow): BarRowsModel {
  const rows = operatorChartRows(window);
  const { height, plot } = rowsFrame(rows.length, SMALL_WIDTH);
  const x = scaleLinear([0, Math.max(0.01, ...rows.map((row) => row.names / Math.max(1, window.taken)))], [plot.left, plot.right - 44]);
  const share = (names: number) => (window.taken === 0 ? 0 : names / window.taken);
  const series: ChartSeries[] = [...TAKEN_BY_KINDS, null].map((kind) => ({
    key: kind ?? "others",
    color: kind ? KIND_COLORS[kind] : "#94a3b8",
    style: "solid",
    path: rows
      .map((row, index) => (row.kind === kind && row.names > 0 ? rect(x(0), barTop(index, plot.top), x(share(row.names)) - x(0), BAR_HEIGHT) : ""))
      .join(""),
  }));
  return {
    kind: "rows",
    width: SMALL_WIDTH,
    height,
    plot,
    series,
    legend: [],
    rows: rows.map((row, index) => ({
      label: row.label,
      labelY: barTop(index, plot.top) - 6,
      value: { text: formatPercentSv(share(row.names)), x: round(x(share(row.names)) + 6), y: barTop(index, plot.top) + BAR_HEIGHT - 4 },
    })),
    xTicks: [],
  };
}

/** "1 234 registrerade igen", with the thin-basis warning under MIN_BASIS. */
export function takenBasisText(taken: number): string {
  if (taken === 0) return "inga registrerade igen än";
  const count = `${formatNumberSv(taken)} registrerade igen`;
  return taken < MIN_BASIS ? `${count} (för lite underlag, färre än ${MIN_BASIS})` : count;
}

/** Per length or character group: the names taken again by kind of operator, 100 % stacked bars. */
export function takenByKindChart(groups: TakenByGroup[]): BarRowsModel {
  const labels = groups.map((group) => `${group.label}: ${takenBasisText(group.taken)}`);
  return stackedShareRows(labels, KIND_LEGEND, (bar) =>
    TAKEN_BY_KINDS.map((kind, kindIndex) => ({
      key: kind,
      color: KIND_COLORS[kind],
      style: "solid",
      path: groups
        .map((group, index) => {
          if (group.taken === 0 || group.kinds[kind] === 0) return "";
          const before = TAKEN_BY_KINDS.slice(0, kindIndex).reduce((sum, earlier) => sum + group.kinds[earlier], 0) / group.taken;
          return bar(index, before, before + group.kinds[kind] / group.taken);
        })
        .join(""),
    })),
  );
}

/** The operator chart in a sentence, for those who do not see it: "Av 1 234 registrerade igen: Loopia 34 %, …". */
export function takenByOperatorsSummary(window: TakenByWindow): string {
  if (window.taken === 0) return "Inga namn registrerade igen än.";
  const shares = operatorChartRows(window).map((row) => `${row.label} ${formatPercentSv(row.names / window.taken)}`);
  return `De senaste ${window.days} dagarna, av ${formatNumberSv(window.taken)} namn registrerade igen: ${shares.join(", ")}.`;
}

/** A kind chart in a sentence per group: "5 tecken: registrar/webbhotell 60 %, parkering 30 %, …". */
export function takenByKindSummary(groups: TakenByGroup[]): string {
  return groups
    .map((group) =>
      group.taken === 0
        ? `${group.label}: inga registrerade igen.`
        : `${group.label}, ${takenBasisText(group.taken)}: ${TAKEN_BY_KINDS.map((kind) => `${OPERATOR_KIND_WORDS_SV[kind]} ${formatPercentSv(group.kinds[kind] / group.taken)}`).join(", ")}.`,
    )
    .join(" ");
}
