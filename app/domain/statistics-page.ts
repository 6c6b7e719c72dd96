// Everything /statistik renders, built from the figures alone: each chart drawn, each chart's table,
// a sentence per chart for those who do not see it, and which charts have nothing to show. The
// server renders from it and the browser hydrates from it, both from the same StatisticsView.
import { countNounSv, formatNumberSv, formatPercentSv } from "./format";
import { CATCH_STATE_LABELS, CATCH_STATES, daysLeftSv, type CatchCounts, type CountedGroup, type StatisticsView } from "./statistics";
import {
  catchByDayChart,
  catchByGroupChart,
  countedGroupsChart,
  firstHourChart,
  releaseDaysChart,
  releaseMinutesChart,
  renewalCurveChart,
} from "./statistics-charts";
import type { StatisticsFigures } from "./statistics-figures";
import { minutesOf, STATISTICS_PAGE_CHARTS, statisticsTable, type StatisticsPageChartKey, type StatisticsTable } from "./statistics-tables";

export function statisticsPageModel(view: StatisticsFigures) {
  const tables = Object.fromEntries(STATISTICS_PAGE_CHARTS.map((chart) => [chart, statisticsTable(view, chart)])) as Record<StatisticsPageChartKey, StatisticsTable>;
  const { lengths, chars, tlds, scoreLabels } = view.currentList;
  return {
    computedAt: view.computedAt,
    tables,
    summaries: summaries(view),
    empty: {
      releaseDays: view.releaseDays.every((day) => day.se + day.nu === 0),
      catches: view.catchByDay.every((day) => day.released === 0),
      renewalCurve: view.renewalCurve.every((point) => point.onList === 0),
      currentList: view.currentList.total === 0,
      mornings: view.mornings.releaseMinutes.every((bucket) => bucket.names === 0),
      catchDurations: view.mornings.catchDurations.length === 0,
    },
    charts: {
      releaseDays: releaseDaysChart(view),
      catchByDay: catchByDayChart(view),
      catchByLength: catchByGroupChart(view.catchByLength),
      catchByChars: catchByGroupChart(view.catchByChars),
      renewalCurve: renewalCurveChart(view),
      currentList: {
        total: view.currentList.total,
        lengths: countedGroupsChart(lengths),
        chars: countedGroupsChart(chars),
        tlds: countedGroupsChart(tlds),
        scoreLabels: countedGroupsChart(scoreLabels),
      },
      releaseMinutes: releaseMinutesChart(view.mornings),
      firstHour: firstHourChart(view.mornings.firstHour),
    },
    measuredMornings: view.mornings.measuredMornings,
  };
}

export type StatisticsPageModel = ReturnType<typeof statisticsPageModel>;

const count = (names: number) => formatNumberSv(names);
const share = (part: number, whole: number) => formatPercentSv(whole === 0 ? 0 : part / whole);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Each chart's figures in a sentence or two: the <desc> of its <svg>, for those who do not see it. */
function summaries(view: StatisticsFigures) {
  const released = view.releaseDays.filter((day) => !day.scheduled);
  const scheduled = view.releaseDays.filter((day) => day.scheduled);
  const catchShares = (counts: Pick<CatchCounts, "released" | "states">) =>
    counts.released === 0
      ? "Inga släppta namn än."
      : `Av ${count(counts.released)} släppta namn: ${CATCH_STATES.map((state) => `${CATCH_STATE_LABELS[state].toLowerCase()} ${share(counts.states[state], counts.released)}`).join(", ")}.`;
  const allDays = {
    released: sum(view.catchByDay.map((day) => day.released)),
    states: Object.fromEntries(CATCH_STATES.map((state) => [state, sum(view.catchByDay.map((day) => day.states[state]))])) as CatchCounts["states"],
  };
  const groups = (list: (CatchCounts & { label: string })[]) => list.map((group) => `${group.label}: ${catchShares(group)}`).join(" ");
  const withBasis = view.renewalCurve.filter((point) => point.onList > 0);
  const renewal = (point: (typeof withBasis)[number]) =>
    `med ${daysLeftSv(point.daysLeft)} kvar förnyades ${share(point.renewed, point.onList)} av ${count(point.onList)} namn`;
  const counted = (list: CountedGroup[]) => list.map((group) => `${group.label} ${count(group.names)}`).join(", ");
  return {
    releaseDays:
      `Släppta de senaste 90 dagarna: ${count(sum(released.map((day) => day.se + day.nu)))} namn ` +
      `(.se ${count(sum(released.map((day) => day.se)))}, .nu ${count(sum(released.map((day) => day.nu)))}). ` +
      `Schemalagda de kommande 60 dagarna: ${count(sum(scheduled.map((day) => day.se + day.nu)))} namn.`,
    catchByDay: `Alla släppdagar de senaste 90 dagarna tillsammans. ${catchShares(allDays)}`,
    catchByLength: groups(view.catchByLength),
    catchByChars: groups(view.catchByChars),
    renewalCurve:
      withBasis.length === 0 ? "Inga namn att räkna på än." : `Andel förnyade: ${renewal(withBasis[0])}; ${renewal(withBasis[withBasis.length - 1])}.`,
    releaseMinutes: `${count(sum(view.mornings.releaseMinutes.map((bucket) => bucket.names)))} namn sågs lediga för första gången under ${countNounSv(view.mornings.measuredMornings, MEASURED_MORNINGS)}.`,
    firstHour: view.mornings.firstHour
      .filter((group) => group.names > 0)
      .map((group) => `${group.label}: ${share(group.inFirstHour, group.names)} av ${count(group.names)} lediga före 05:00 UTC`)
      .join(". "),
    catchDurations: catchDurationText(view.mornings.catchDurations.find((group) => group.grouping === "all")),
    currentList: `${count(view.currentList.total)} namn på listan. Längd: ${counted(view.currentList.lengths)}. Tecken: ${counted(view.currentList.chars)}. Toppdomän: ${counted(view.currentList.tlds)}. Betyg: ${counted(view.currentList.scoreLabels)}.`,
  };
}

const MEASURED_MORNINGS = { one: "mätt släppmorgon", many: "mätta släppmorgnar" };

/**
 * What "Släppmorgonen" counts: only the mornings whose rounds ran ("Här räknas bara de 12 morgnar …";
 * one morning, or none yet, said as such).
 */
export function measuredMorningsText(mornings: number): string {
  if (mornings === 0) return "De senaste 90 dagarna har vi inte mätt någon morgon på det sättet än.";
  const which = mornings === 1 ? "den enda morgonen" : `de ${formatNumberSv(mornings)} morgnar`;
  return `Här räknas bara ${which} under de senaste 90 dagarna som vi har mätt så. En tid stämmer på en omgång när.`;
}

/** "Dagens lista": "De 1 204 namn som står på listorna …", said in the singular for one, and without a number for none. */
export function currentListCaption(total: number): string {
  const which = total === 0 ? "Namnen" : total === 1 ? "Det enda namnet" : `De ${formatNumberSv(total)} namn`;
  return `${which} som står på listorna för att släppas efter dagens släpp, efter längd, tecken, toppdomän och betyg.`;
}

/** "Hälften registrerades igen inom 4 minuter (en fjärdedel inom 2, tre fjärdedelar inom 11), av 312 namn." */
function catchDurationText(all: StatisticsView["mornings"]["catchDurations"][number] | undefined): string {
  if (!all) return "Inga namn från en mätt morgon har registrerats igen än.";
  const minutes = (seconds: number) => formatNumberSv(minutesOf(seconds));
  return (
    `Hälften registrerades igen inom ${minutes(all.p50Seconds)} minuter efter att de blev lediga ` +
    `(en fjärdedel inom ${minutes(all.p25Seconds)}, tre fjärdedelar inom ${minutes(all.p75Seconds)}), av ${count(all.names)} namn.`
  );
}
