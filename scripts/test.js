// `npm test`: everything CI runs — typecheck, lint, unit and database tests
// (PGlite always, PostgreSQL when TEST_DATABASE_URL is set), then the build
// and the end-to-end tests in Chromium. Ends with one "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const reports = "test-results/summary";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => `node_modules/.bin/${name}`;
const only = process.argv[2]; // "unit" or "e2e" to run one half

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

if (!only || only === "unit") {
  if (!run("typecheck", bin("react-router"), ["typegen"]) || !run("typecheck", bin("tsc"), ["--noEmit"])) {
    failed++;
    problems.push("typecheck");
  }
  if (!run("lint (ESLint: rules, import cycles, layers)", bin("eslint"), ["."])) {
    failed++;
    problems.push("lint");
  }
  const ok = run("unit and database tests (vitest)", bin("vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reports}/vitest.json`,
  ]);
  if (existsSync(`${reports}/vitest.json`)) {
    const report = JSON.parse(readFileSync(`${reports}/vitest.json`, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (!ok && report.numFailedTests === 0) {
      failed++;
      problems.push("vitest (a suite failed to load)");
    }
  } else if (!ok) {
    failed++;
    problems.push("vitest");
  }
}

if (!only || only === "e2e") {
  if (!run("build", bin("react-router"), ["build"])) {
    failed++;
    problems.push("build");
  } else {
    const ok = run("end-to-end tests (Playwright, Chromium)", bin("playwright"), ["test", "--reporter=list,json"], {
      E2E_SKIP_BUILD: "1",
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`,
    });
    if (existsSync(`${reports}/playwright.json`)) {
      const stats = JSON.parse(readFileSync(`${reports}/playwright.json`, "utf8")).stats;
      // A test that passed only on its retry is flaky: it fails the run (playwright.config.ts).
      passed += stats.expected;
      failed += stats.unexpected + (stats.flaky ?? 0);
      if (stats.flaky) problems.push(`${stats.flaky} flaky end-to-end test(s), passed only on retry`);
      skipped += stats.skipped;
      if (!ok && stats.unexpected === 0 && !stats.flaky) {
        failed++;
        problems.push("playwright (did not finish)");
      }
    } else if (!ok) {
      failed++;
      problems.push("playwright");
    }
  }
}

if (problems.length) console.log(`\nFailed steps: ${problems.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
