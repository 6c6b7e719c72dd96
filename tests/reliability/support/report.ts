import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { ScenarioResult } from "./types";

/** The document whose results blocks --update-readme rewrites. */
const RESULTS_DOCUMENT = "docs/reliability.md";

/**
 * Its two blocks: the whole suite's last run (with the load test), and the last run of the
 * fault scenarios alone (`npm run test:faults`, before each release).
 */
export type ResultsBlock = "reliability-results" | "reliability-faults";

export type Totals = { requests: number; faults: number; inputs: number; itemsLost: number; itemsChecked: number; passed: number; failed: number };

export function totals(results: ScenarioResult[]): Totals {
  const sum = (pick: (result: ScenarioResult) => number | undefined) => results.reduce((total, result) => total + (pick(result) ?? 0), 0);
  return {
    requests: sum((result) => result.requests),
    faults: sum((result) => (result.ok ? result.faults : 0)),
    inputs: sum((result) => result.inputs),
    itemsLost: sum((result) => result.itemsLost),
    itemsChecked: sum((result) => result.itemsChecked),
    passed: results.filter((result) => result.ok).length,
    failed: results.filter((result) => !result.ok).length,
  };
}

const number = (value: number) => value.toLocaleString("en").replace(/,/g, " ");

/** The Markdown written to test-results/reliability/summary.md and (with --update-readme) into docs/reliability.md. */
export function markdownReport(results: ScenarioResult[], context: string): string {
  const sums = totals(results);
  const lines = [
    `Last run: ${new Date().toISOString().slice(0, 10)}, ${context}.`,
    "",
    "| figure | value |",
    "|---|---|",
    `| requests held (load + fault traffic) | ${number(sums.requests)} |`,
    `| faults injected and survived | ${sums.faults} |`,
    `| hostile inputs tried over HTTP | ${number(sums.inputs)} |`,
    `| items checked / lost | ${number(sums.itemsChecked)} / ${sums.itemsLost} |`,
    `| scenarios passed | ${sums.passed} of ${results.length} |`,
    "",
    "| scenario | result | figures |",
    "|---|---|---|",
    ...results.map(
      (result) =>
        `| ${result.name} | ${result.ok ? "pass" : "**FAIL**"} | ${Object.entries(result.figures)
          .map(([key, value]) => `${key}: ${typeof value === "number" ? number(value) : value}`)
          .join("; ")}${result.notes.length ? ` (${result.notes.join("; ")})` : ""} |`,
    ),
  ];
  return lines.join("\n");
}

export function writeReports(results: ScenarioResult[], context: string, updateReadme: boolean, block: ResultsBlock) {
  mkdirSync("test-results/reliability", { recursive: true });
  const markdown = markdownReport(results, context);
  writeFileSync("test-results/reliability/summary.md", `${markdown}\n`);
  writeFileSync("test-results/reliability/summary.json", JSON.stringify({ context, results, totals: totals(results) }, null, 2));
  if (!updateReadme) return;
  const [opening, closing] = [`<!-- ${block}:start -->`, `<!-- ${block}:end -->`];
  const readme = readFileSync(RESULTS_DOCUMENT, "utf8");
  const start = readme.indexOf(opening);
  const end = readme.indexOf(closing);
  if (start === -1 || end === -1) {
    console.log(`${RESULTS_DOCUMENT} has no ${opening} … ${closing} block; not updated.`);
    return;
  }
  writeFileSync(RESULTS_DOCUMENT, `${readme.slice(0, start + opening.length)}\n${markdown}\n${readme.slice(end)}`);
  console.log(`${RESULTS_DOCUMENT} reliability figures updated.`);
}

export function printResults(results: ScenarioResult[], context: string) {
  console.log(`\nReliability — ${context}`);
  console.table(
    results.map((result) => ({
      scenario: result.name,
      result: result.ok ? "pass" : "FAIL",
      figures: Object.entries(result.figures)
        .map(([key, value]) => `${key}: ${value}`)
        .join("; "),
    })),
  );
  for (const result of results) for (const note of result.notes) console.log(`  ${result.name}: ${note}`);
  const sums = totals(results);
  console.log(
    `\nrequests held ${sums.requests}, faults survived ${sums.faults}, hostile inputs ${sums.inputs}, items checked ${sums.itemsChecked}, items lost ${sums.itemsLost}; ${sums.passed} passed, ${sums.failed} failed`,
  );
}
