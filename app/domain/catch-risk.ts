// The risk that a soon-available name is taken at once (decision 0078): the model, the words the pages
// say it in, and how the forecast is judged. The statistics job counts the released names per
// group of similar names (app/server/statistics/catch-risk.server.ts); everything here is pure.
import { formatNumberSv } from "./format";
import { scoreLabel, type ScoreLabel } from "./labels";
import {
  CHAR_GROUPS,
  charGroup,
  LENGTH_GROUPS,
  lengthGroup,
  MIN_BASIS,
  STATS_PAST_DAYS,
  type CharGroupKey,
  type LengthGroupKey,
} from "./statistics";
import { riskOutOfTen, riskWord } from "./catch-risk-levels";
import { addDays } from "./utc-dates";
import { WORD_CLASS } from "./swedish-words";

export { riskOutOfTen, riskPercent, riskWord } from "./catch-risk-levels";

/** Taken within this many minutes of the first time the site saw it free (or before it ever did): "at once". */
export const AT_ONCE_MINUTES = 60;
/** The forecast counts the release days of this many days before the day it predicts. */
export const CATCH_RISK_HISTORY_DAYS = STATS_PAST_DAYS;
/**
 * How many names' weight the wider group's rate carries in a narrower group's: a group of 20
 * names is half its own rate and half its parent's, one of 200 nearly all its own.
 */
export const CATCH_RISK_PRIOR_NAMES = 20;

export const WORD_GROUPS = [
  { key: "word", label: "ett svenskt ord" },
  { key: "contains", label: "innehåller ett svenskt ord" },
  { key: "none", label: "inget svenskt ord" },
] as const;
export type WordGroupKey = (typeof WORD_GROUPS)[number]["key"];

export function wordGroup(wordClass: number | null): WordGroupKey {
  if (wordClass === WORD_CLASS.isWord) return "word";
  if (wordClass === WORD_CLASS.containsWord) return "contains";
  return "none";
}

/**
 * The name's family in the registry's zone before its release (decision 0088): its sibling (the same
 * label under the other TLD) delegated, else a twin delegated, else neither; "unknown" when the zone
 * of the TLDs was not read then (domains.sibling_registered / twin_registered null).
 */
export const FAMILY_GROUPS = [
  { key: "sibling", label: "syskonnamnet registrerat" },
  { key: "twin", label: "en tvilling registrerad" },
  { key: "none", label: "varken syskon eller tvilling registrerat" },
  { key: "unknown", label: "okänt om syskon eller tvilling var registrerat" },
] as const;
export type FamilyGroupKey = (typeof FAMILY_GROUPS)[number]["key"];

export function familyGroup(siblingRegistered: boolean | null, twinRegistered: boolean | null): FamilyGroupKey {
  if (siblingRegistered) return "sibling";
  if (twinRegistered) return "twin";
  // Neither only when both are known: a sibling under a TLD whose zone was not read may be registered.
  return siblingRegistered === false && twinRegistered === false ? "none" : "unknown";
}

/**
 * How the name was delegated in the zone before it dropped out of it (decision 0088; the SQL that
 * decides it: app/server/zone/zone-as-of.server.ts): to a parking or aftermarket service, for a year
 * or more (or since before the site first read the zone), for less than a year, not at all while the
 * zone was read, or unknown (the zone was not read long enough before the release to tell).
 */
export const DELEGATION_GROUPS = [
  { key: "parked", label: "parkerat före släppet" },
  { key: "long", label: "delegerat minst ett år före släppet" },
  { key: "short", label: "delegerat kortare än ett år före släppet" },
  { key: "none", label: "inte delegerat före släppet" },
  { key: "unknown", label: "okänt hur det var delegerat" },
] as const;
export type DelegationGroupKey = (typeof DELEGATION_GROUPS)[number]["key"];

export function isDelegationGroup(value: unknown): value is DelegationGroupKey {
  return DELEGATION_GROUPS.some((group) => group.key === value);
}

/** What makes names similar for the forecast, widest first: each level adds one feature to the one before. */
export type CatchRiskFeatures = {
  tld: string;
  lengthGroup: LengthGroupKey;
  charGroup: CharGroupKey;
  scoreBand: ScoreLabel;
  wordGroup: WordGroupKey;
  familyGroup: FamilyGroupKey;
  delegationGroup: DelegationGroupKey;
};
/**
 * The zone's two features come last (decision 0088): they split every group of the name's own
 * features 20 ways, so their groups are the thinnest, and the shrinkage toward the wider group keeps
 * a thin one near the estimate of names like it in everything else.
 */
export const CATCH_RISK_FEATURES = [
  "tld",
  "lengthGroup",
  "charGroup",
  "scoreBand",
  "wordGroup",
  "familyGroup",
  "delegationGroup",
] as const satisfies readonly (keyof CatchRiskFeatures)[];

/** What a name's features are read from. */
export type CatchRiskName = {
  tld: string;
  length: number;
  nameChars: number;
  score: number;
  wordClass: number | null;
  siblingRegistered: boolean | null;
  twinRegistered: boolean | null;
  delegationGroup: DelegationGroupKey;
};

/**
 * A name's features from the columns the lists store (domains: tld, length, name_chars, score,
 * word_class, sibling_registered, twin_registered) and its delegation group (not stored on the row:
 * read from the zone as of a moment, app/server/zone/zone-as-of.server.ts).
 */
export function catchRiskFeatures(name: CatchRiskName): CatchRiskFeatures {
  return {
    tld: name.tld,
    lengthGroup: lengthGroup(name.length),
    charGroup: charGroup(name.nameChars),
    scoreBand: scoreLabel(name.score),
    wordGroup: wordGroup(name.wordClass),
    familyGroup: familyGroup(name.siblingRegistered, name.twinRegistered),
    delegationGroup: name.delegationGroup,
  };
}

/** Released names of one group of similar names, and how many of them were taken at once. */
export type CatchRiskCell = CatchRiskFeatures & { names: number; caught: number };

type Counts = { names: number; caught: number };

/** The features a model's levels add, widest first: the forecast's (CATCH_RISK_FEATURES), or the first few of them to compare with. */
export type CatchRiskLevels = readonly (typeof CATCH_RISK_FEATURES)[number][];

/** Counts per group at every level (level 0: all names; level 7: all seven features), kept as names are added or taken away. */
export class CatchRiskModel {
  private readonly counts = new Map<string, Counts>();
  // A judged day's cells are added, predicted and taken away again: their keys are built once.
  private readonly keysOf = new WeakMap<CatchRiskFeatures, string[]>();

  constructor(private readonly levels: CatchRiskLevels = CATCH_RISK_FEATURES) {}

  private keys(features: CatchRiskFeatures): string[] {
    let keys = this.keysOf.get(features);
    if (!keys) {
      keys = levelKeys(features, this.levels);
      this.keysOf.set(features, keys);
    }
    return keys;
  }

  static of(cells: Iterable<CatchRiskCell>, levels: CatchRiskLevels = CATCH_RISK_FEATURES): CatchRiskModel {
    const model = new CatchRiskModel(levels);
    for (const cell of cells) model.add(cell, 1);
    return model;
  }

  /** Adds a cell's names (sign 1) or takes them away again (sign -1). */
  add(cell: CatchRiskCell, sign: 1 | -1): void {
    for (const key of this.keys(cell)) {
      const counts = this.counts.get(key) ?? { names: 0, caught: 0 };
      counts.names += sign * cell.names;
      counts.caught += sign * cell.caught;
      this.counts.set(key, counts);
    }
  }

  countsAt(features: CatchRiskFeatures, level: number): Counts {
    return this.counts.get(this.keys(features)[level]) ?? { names: 0, caught: 0 };
  }

  /** The overall rate of the names counted, or null under the minimum basis. */
  overallRate(): number | null {
    const all = this.counts.get("0") ?? { names: 0, caught: 0 };
    return all.names < MIN_BASIS ? null : all.caught / all.names;
  }

  /**
   * The risk for a name with these features: the overall rate, then at each narrower level the
   * group's own rate shrunk toward the wider group's estimate by CATCH_RISK_PRIOR_NAMES names. The
   * basis shown is the narrowest group with at least MIN_BASIS names; under that overall, "thin".
   */
  predict(features: CatchRiskFeatures): CatchRisk {
    const keys = this.keys(features);
    const at = (level: number) => this.counts.get(keys[level]) ?? { names: 0, caught: 0 };
    const overall = at(0);
    if (overall.names < MIN_BASIS) return { kind: "thin", basis: overall.names };
    let probability = overall.caught / overall.names;
    let basis: CatchRiskBasis = { level: 0, ...overall };
    for (let level = 1; level <= this.levels.length; level++) {
      const group = at(level);
      probability = (group.caught + CATCH_RISK_PRIOR_NAMES * probability) / (group.names + CATCH_RISK_PRIOR_NAMES);
      if (group.names >= MIN_BASIS) basis = { level, ...group };
    }
    return { kind: "known", probability, basis };
  }
}

function levelKeys(features: CatchRiskFeatures, levels: CatchRiskLevels): string[] {
  const keys = ["0"];
  let key = "";
  for (const [index, feature] of levels.entries()) {
    key += `|${features[feature]}`;
    keys.push(`${index + 1}${key}`);
  }
  return keys;
}

/** The group the figure shown stands on: its level (how many features it shares) and its counts. */
export type CatchRiskBasis = { level: number; names: number; caught: number };

export type CatchRisk = { kind: "known"; probability: number; basis: CatchRiskBasis } | { kind: "thin"; basis: number };

/** What the domain page and the API say of a soon-available name. */
export type NameCatchRisk = { risk: CatchRisk; features: CatchRiskFeatures; historyDays: number };

/** The basis group in words: ".se, 5 tecken, bara bokstäver" (as many features as its level shares). */
export function basisGroupSv(features: CatchRiskFeatures, level: number): string {
  const parts = [
    features.tld,
    LENGTH_GROUPS.find((group) => group.key === features.lengthGroup)!.label,
    CHAR_GROUPS.find((group) => group.key === features.charGroup)!.label.toLowerCase(),
    `betyg ${features.scoreBand.toLowerCase()}`,
    WORD_GROUPS.find((group) => group.key === features.wordGroup)!.label,
    FAMILY_GROUPS.find((group) => group.key === features.familyGroup)!.label,
    DELEGATION_GROUPS.find((group) => group.key === features.delegationGroup)!.label,
  ];
  return parts.slice(0, level).join(", ");
}

/** The page's two sentences: the risk in words and a number, and what it stands on. */
export function catchRiskText({ risk, features, historyDays }: NameCatchRisk): { headline: string; basis: string } {
  if (risk.kind === "thin") {
    return {
      headline: "Risk att tas direkt: för lite historik",
      basis: `Bara ${formatNumberSv(risk.basis)} släppta namn de senaste ${historyDays} dagarna, vi behöver minst ${MIN_BASIS}.`,
    };
  }
  const { basis } = risk;
  return {
    headline: `${riskWord(risk.probability)} risk att tas direkt: ${riskOutOfTen(risk.probability)} av 10`,
    basis: catchRiskBasisText(basis, historyDays, basis.level === 0 ? null : basisGroupSv(features, basis.level)),
  };
}

/**
 * "Av 412 liknande namn (.se, 5 tecken) de senaste 90 dagarna togs 290 direkt.": the page names the
 * group (`groupWords`); a list, short of room, leaves it out (null).
 */
export function catchRiskBasisText(
  basis: { level: number; names: number; caught: number },
  historyDays: number,
  groupWords: string | null,
): string {
  const group = basis.level === 0 ? "släppta namn" : groupWords ? `liknande namn (${groupWords})` : "liknande namn";
  return `Av ${formatNumberSv(basis.names)} ${group} de senaste ${historyDays} dagarna togs ${formatNumberSv(basis.caught)} direkt.`;
}

/** One tenth of the forecast's range (0–10 %, 10–20 % …): how many names it predicted there, the risk it gave them in all, and how many were taken at once. */
export type CalibrationTenth = {
  tenth: number;
  names: number;
  /** The sum of the predicted risks: divided by names, the mean prediction. */
  predicted: number;
  caught: number;
  /** Sums of squared errors: the forecast's, and that of always predicting the overall rate. */
  brier: number;
  baselineBrier: number;
};

export type ReleaseDayCells = { day: string; cells: CatchRiskCell[] };

/**
 * Judges the forecast honestly: each day from `firstJudged` to `lastJudged` is predicted with the
 * model of the CATCH_RISK_HISTORY_DAYS days before it only, then compared with what happened that
 * day. Days whose history is under the minimum basis are not judged. `days` sorted by day; `levels`
 * the model's (a narrower model to compare with on the same days).
 */
export function judgeCatchRisk(
  days: readonly ReleaseDayCells[],
  firstJudged: string,
  lastJudged: string,
  levels: CatchRiskLevels = CATCH_RISK_FEATURES,
): { tenths: CalibrationTenth[]; judgedDays: number } {
  const tenths: CalibrationTenth[] = Array.from({ length: 10 }, (_, tenth) => ({
    tenth,
    names: 0,
    predicted: 0,
    caught: 0,
    brier: 0,
    baselineBrier: 0,
  }));
  const model = new CatchRiskModel(levels);
  let judgedDays = 0;
  let added = 0;
  let removed = 0;
  for (const { day, cells } of days) {
    if (day < firstJudged || day > lastJudged) continue;
    // The model holds the days in [day - history, day - 1].
    const firstHistoryDay = addDays(day, -CATCH_RISK_HISTORY_DAYS);
    while (added < days.length && days[added].day < day) {
      for (const cell of days[added].cells) model.add(cell, 1);
      added++;
    }
    while (removed < added && days[removed].day < firstHistoryDay) {
      for (const cell of days[removed].cells) model.add(cell, -1);
      removed++;
    }
    const overall = model.overallRate();
    if (overall === null) continue;
    judgedDays++;
    for (const cell of cells) {
      const risk = model.predict(cell);
      if (risk.kind !== "known") continue;
      const bin = tenths[Math.min(9, Math.floor(risk.probability * 10))];
      const missed = cell.names - cell.caught;
      bin.names += cell.names;
      bin.caught += cell.caught;
      bin.predicted += risk.probability * cell.names;
      bin.brier += cell.caught * (1 - risk.probability) ** 2 + missed * risk.probability ** 2;
      bin.baselineBrier += cell.caught * (1 - overall) ** 2 + missed * overall ** 2;
    }
  }
  return { tenths, judgedDays };
}

/** The judged forecast in one line: names judged, its Brier score and the overall rate's; null when nothing was judged. */
export function calibrationSummary(
  tenths: readonly CalibrationTenth[],
): { names: number; brier: number; baselineBrier: number; skill: number } | null {
  const names = tenths.reduce((sum, tenth) => sum + tenth.names, 0);
  if (names === 0) return null;
  const brier = tenths.reduce((sum, tenth) => sum + tenth.brier, 0) / names;
  const baselineBrier = tenths.reduce((sum, tenth) => sum + tenth.baselineBrier, 0) / names;
  return { names, brier, baselineBrier, skill: baselineBrier === 0 ? 0 : 1 - brier / baselineBrier };
}

/** The risk as the API gives it (GET /api/v1/domains/{name}, docs/api.md). */
export type ApiCatchRisk = {
  probability: number | null;
  outOfTen: number | null;
  level: "high" | "moderate" | "low" | null;
  basis: { names: number; caught: number | null; group: string; days: number };
  text: string;
};

const API_LEVELS = { Hög: "high", Måttlig: "moderate", Låg: "low" } as const;

export function apiCatchRisk(nameRisk: NameCatchRisk): ApiCatchRisk {
  const { risk, features, historyDays } = nameRisk;
  const text = catchRiskText(nameRisk);
  const sentence = `${text.headline}. ${text.basis}`;
  if (risk.kind === "thin") {
    return {
      probability: null,
      outOfTen: null,
      level: null,
      basis: { names: risk.basis, caught: null, group: "", days: historyDays },
      text: sentence,
    };
  }
  return {
    probability: risk.probability,
    outOfTen: riskOutOfTen(risk.probability),
    level: API_LEVELS[riskWord(risk.probability)],
    basis: { names: risk.basis.names, caught: risk.basis.caught, group: basisGroupSv(features, risk.basis.level), days: historyDays },
    text: sentence,
  };
}
