// The figures behind each chart of /statistik as a table (docs/product.md, "Statistics"): the page
// shows it behind "Visa som tabell" and /statistik/{chart}.csv sends it as a file, so the two
// always say the same.
import { yesNo } from "./csv-values";
import { CATCH_BUCKETS, CATCH_STATE_LABELS, CATCH_STATES, RELEASE_MINUTE_BUCKET, type CatchCounts, type StatisticsView } from "./statistics";

/** "04:10–04:20" (UTC): a bucket of minutes after 04:00. */
export function releaseMinuteLabel(minute: number): string {
  const clock = (minutes: number) => `${String(4 + Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return `${clock(minute)}–${clock(minute + RELEASE_MINUTE_BUCKET)}`;
}

/** Seconds as whole minutes, one decimal under ten. */
export const minutesOf = (seconds: number) => (seconds < 600 ? Math.round(seconds / 6) / 10 : Math.round(seconds / 60));
const GROUPING_LABELS = { all: "Alla", length: "Längd", chars: "Tecken", tld: "Toppdomän" } as const;

/** The charts of /statistik, by the name their CSV file and their place on the page carry. */
export const STATISTICS_PAGE_CHARTS = [
  "slapp-per-dag",
  "registreras-igen-per-dag",
  "registreras-igen-per-langd",
  "registreras-igen-per-tecken",
  "fornyas",
  "dagens-lista",
  "slapptid",
  "slapptid-forsta-timmen",
  "tid-till-registrering",
] as const;
export type StatisticsPageChartKey = (typeof STATISTICS_PAGE_CHARTS)[number];
/** The charts of "Vem tar de släppta namnen?" (/statistik/vem-tar). */
export const TAKEN_BY_CHARTS = ["vem-tar-operatorer", "vem-tar-per-langd", "vem-tar-per-tecken"] as const;
export type TakenByChartKey = (typeof TAKEN_BY_CHARTS)[number];
/** Every chart with a CSV at /statistik/{chart}.csv. */
export const STATISTICS_CHARTS = [...STATISTICS_PAGE_CHARTS, ...TAKEN_BY_CHARTS] as const;
export type StatisticsChartKey = (typeof STATISTICS_CHARTS)[number];

export function isStatisticsChart(value: string): value is StatisticsChartKey {
  return (STATISTICS_CHARTS as readonly string[]).includes(value);
}

export type TableValue = string | number | null;
export type TableColumn = {
  /** The CSV header, machine-readable like the site's other downloads. */
  key: string;
  /** The page's header, for people. */
  header: string;
  /** A count whose share of another column (by key) the page shows beside it. */
  shareOf?: string;
};
export type StatisticsTable = { columns: TableColumn[]; rows: TableValue[][] };

/** The buckets whose catch may have been seen only at the next check ("Inom 1 timme" never is). */
const NEXT_CHECK_BUCKETS = CATCH_BUCKETS.filter((bucket) => bucket.key !== "1h");

const catchColumns = (first: TableColumn): TableColumn[] => [
  first,
  { key: "released", header: "Släppta namn" },
  ...CATCH_STATES.flatMap((state): TableColumn[] => {
    const column = { key: `state_${state}`, header: CATCH_STATE_LABELS[state], shareOf: "released" };
    const bucket = NEXT_CHECK_BUCKETS.find((candidate) => candidate.key === state);
    if (!bucket) return [column];
    return [column, { key: `state_${state}_by_next_check`, header: `${bucket.label}: varav sågs vid nästa kontroll`, shareOf: "released" }];
  }),
];

const catchValues = (counts: CatchCounts): number[] => [
  counts.released,
  ...CATCH_STATES.flatMap((state) => {
    const bucket = NEXT_CHECK_BUCKETS.find((candidate) => candidate.key === state);
    return bucket ? [counts.states[state], counts.byNextCheck[bucket.key]] : [counts.states[state]];
  }),
];

/** Share renewed rounded to a tenth of a percent; null where nobody was on the list (no share to tell). */
export function renewedPercent(onList: number, renewed: number): number | null {
  return onList === 0 ? null : Math.round((renewed / onList) * 1000) / 10;
}

/** A chart of /statistik as a table (chartTable, statistics-taken-by-tables.ts, gives any chart's). */
export function statisticsTable(view: Omit<StatisticsView, "takenBy">, chart: StatisticsPageChartKey): StatisticsTable {
  switch (chart) {
    case "slapp-per-dag":
      return {
        columns: [
          { key: "day", header: "Dag" },
          { key: "se", header: ".se" },
          { key: "nu", header: ".nu" },
          { key: "total", header: "Totalt" },
          { key: "scheduled", header: "Schemalagd" },
        ],
        rows: view.releaseDays.map((day) => [day.day, day.se, day.nu, day.se + day.nu, yesNo(day.scheduled)]),
      };
    case "registreras-igen-per-dag":
      return {
        columns: catchColumns({ key: "day", header: "Släppdag" }),
        rows: view.catchByDay.map((day) => [day.day, ...catchValues(day)]),
      };
    case "registreras-igen-per-langd":
      return {
        columns: catchColumns({ key: "length_group", header: "Längd" }),
        rows: view.catchByLength.map((group) => [group.label, ...catchValues(group)]),
      };
    case "registreras-igen-per-tecken":
      return {
        columns: catchColumns({ key: "char_group", header: "Tecken" }),
        rows: view.catchByChars.map((group) => [group.label, ...catchValues(group)]),
      };
    case "fornyas":
      return {
        columns: [
          { key: "days_left", header: "Dagar kvar" },
          { key: "on_list", header: "På listan" },
          { key: "renewed", header: "Förnyade", shareOf: "on_list" },
          { key: "renewed_percent", header: "Andel förnyade (%)" },
        ],
        rows: view.renewalCurve.map((point) => [point.daysLeft, point.onList, point.renewed, renewedPercent(point.onList, point.renewed)]),
      };
    case "slapptid":
      return {
        columns: [
          { key: "minutes_utc", header: "Tid (UTC)" },
          { key: "names", header: "Först sedda lediga" },
        ],
        rows: view.mornings.releaseMinutes.map((bucket) => [releaseMinuteLabel(bucket.minute), bucket.names]),
      };
    case "slapptid-forsta-timmen":
      return {
        columns: [
          { key: "grouping", header: "Indelning" },
          { key: "group", header: "Grupp" },
          { key: "names", header: "Mätta namn" },
          { key: "first_hour", header: "Lediga före 05:00 UTC", shareOf: "names" },
        ],
        rows: view.mornings.firstHour.map((group) => [GROUPING_LABELS[group.grouping], group.label, group.names, group.inFirstHour]),
      };
    case "tid-till-registrering":
      return {
        columns: [
          { key: "grouping", header: "Indelning" },
          { key: "group", header: "Grupp" },
          { key: "names", header: "Registrerade igen" },
          { key: "p25_minutes", header: "Första kvartilen (min)" },
          { key: "median_minutes", header: "Median (min)" },
          { key: "p75_minutes", header: "Tredje kvartilen (min)" },
        ],
        rows: view.mornings.catchDurations.map((group) => [
          GROUPING_LABELS[group.grouping],
          group.label,
          group.names,
          minutesOf(group.p25Seconds),
          minutesOf(group.p50Seconds),
          minutesOf(group.p75Seconds),
        ]),
      };
    case "dagens-lista": {
      const { lengths, chars, tlds, scoreLabels } = view.currentList;
      const groupings = [
        ["Längd", lengths],
        ["Tecken", chars],
        ["Toppdomän", tlds],
        ["Betyg", scoreLabels],
      ] as const;
      return {
        columns: [
          { key: "grouping", header: "Indelning" },
          { key: "group", header: "Grupp" },
          { key: "names", header: "Namn", shareOf: "list_total" },
          { key: "list_total", header: "Hela listan" },
        ],
        rows: groupings.flatMap(([grouping, groups]) => groups.map((group) => [grouping, group.label, group.names, view.currentList.total])),
      };
    }
  }
}

/** Whether there is anything to show at all: computed once, and some name counted somewhere. */
export function hasStatistics(view: StatisticsView): boolean {
  if (view.computedAt === null) return false;
  return (
    view.releaseDays.some((day) => day.se + day.nu > 0) ||
    view.catchByDay.some((day) => day.released > 0) ||
    view.renewalCurve.some((point) => point.onList > 0) ||
    view.currentList.total > 0 ||
    view.mornings.measuredMornings > 0 ||
    view.takenBy.some((window) => window.released > 0)
  );
}

/** "snart-lediga-statistik-fornyas-2026-11-26.csv" (the date is the day of the download, UTC, as the list downloads). */
export function statisticsFileName(chart: StatisticsChartKey, now: Date): string {
  return `snart-lediga-statistik-${chart}-${now.toISOString().slice(0, 10)}.csv`;
}
