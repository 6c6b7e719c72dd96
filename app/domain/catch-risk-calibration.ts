// "Hur bra är prognosen?" on /statistik: the judged forecast (judgeCatchRisk) as rows and sentences.
import { calibrationSummary, CATCH_RISK_HISTORY_DAYS, type CalibrationTenth } from "./catch-risk";
import { formatLongDateSv, formatNumberSv, formatPercentSv } from "./format";
import { MIN_BASIS } from "./statistics";

export type CatchRiskCalibration = { tenths: CalibrationTenth[]; judgedDays: number; firstJudgedDay: string; lastJudgedDay: string };

export type CalibrationRow = {
  tenth: number;
  /** "30–40 %" */
  label: string;
  names: number;
  /** Mean predicted risk and the share taken at once, 0–1; null without names. */
  predicted: number | null;
  happened: number | null;
  /** Fewer than MIN_BASIS names: the share says little. */
  thin: boolean;
};

/** One row per tenth of the predicted risk, 0–10 % first. */
export function calibrationRows(tenths: readonly CalibrationTenth[]): CalibrationRow[] {
  return tenths.map((tenth) => ({
    tenth: tenth.tenth,
    label: `${tenth.tenth * 10}–${tenth.tenth * 10 + 10} %`,
    names: tenth.names,
    predicted: tenth.names === 0 ? null : tenth.predicted / tenth.names,
    happened: tenth.names === 0 ? null : tenth.caught / tenth.names,
    thin: tenth.names < MIN_BASIS,
  }));
}

/** Three decimals with a decimal comma: "0,190". */
function formatBrierSv(score: number): string {
  return score.toFixed(3).replace(".", ",");
}

/**
 * What the forecast was judged on, and its Brier score against always predicting the overall rate
 * (the sentence /statistik shows on its own); null when nothing was judged.
 */
export function calibrationSummaryText(calibration: CatchRiskCalibration): { judged: string; score: string } | null {
  const summary = calibrationSummary(calibration.tenths);
  if (summary === null) return null;
  const judged = `Bedömt på ${formatNumberSv(summary.names)} släppta namn från ${formatNumberSv(calibration.judgedDays)} släppdagar mellan ${formatLongDateSv(calibration.firstJudgedDay)} och ${formatLongDateSv(calibration.lastJudgedDay)}, varje dag med en prognos räknad bara på de ${CATCH_RISK_HISTORY_DAYS} dagarna före den.`;
  const comparison =
    summary.skill > 0
      ? `${formatPercentSv(summary.skill)} bättre än att alltid gissa den totala andelen`
      : summary.skill < 0
        ? `${formatPercentSv(-summary.skill)} sämre än att alltid gissa den totala andelen`
        : "lika bra som att alltid gissa den totala andelen";
  return {
    judged,
    score: `Brier-poäng ${formatBrierSv(summary.brier)} mot ${formatBrierSv(summary.baselineBrier)} för den totala andelen (lägre är bättre): ${comparison}.`,
  };
}

/** What "Hur bra är prognosen?" shows, worked out on the server: the page ships the words and rows, not the model. */
export type ForecastView = { summary: { judged: string; score: string } | null; rows: CalibrationRow[] };

export function forecastView(calibration: CatchRiskCalibration | null): ForecastView {
  if (calibration === null) return { summary: null, rows: [] };
  return { summary: calibrationSummaryText(calibration), rows: calibrationRows(calibration.tenths).filter((row) => row.names > 0) };
}
