import type { Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { calibrationSummaryText } from "~/domain/catch-risk-calibration";
import {
  CatchRiskModel,
  catchRiskFeatures,
  catchRiskText,
  CATCH_RISK_HISTORY_DAYS,
  type CatchRiskFeatures,
  type DelegationGroupKey,
} from "~/domain/catch-risk";
import { delegationGroupAtSql } from "~/server/zone/zone-as-of.server";
import { addDays, todayUtc } from "~/domain/utc-dates";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";

// The risk of being caught at once: the statistics job's tables (tested on their own) are written
// here with known figures; the name's page and /statistik must show them, with and without JavaScript.

const otherGroup: CatchRiskFeatures = {
  tld: ".nu",
  lengthGroup: "1-3",
  charGroup: "hyphen",
  scoreBand: "Utmärkt",
  wordGroup: "contains",
  familyGroup: "none",
  delegationGroup: "long",
};
const TENTHS = [
  { tenth: 1, names: 500, predicted: 75, caught: 80, brier: 60, baselineBrier: 90 },
  { tenth: 7, names: 300, predicted: 220, caught: 210, brier: 55, baselineBrier: 80 },
];
let domainPath = "";
let expectedText = { headline: "", basis: "" };

test.beforeAll(async () => {
  const domain = await insertE2eDomain(`${uniqueLabel("risk")}.se`, { status: "soonavailable", releaseInDays: 5, score: 55, wordClass: 0 });
  domainPath = domain.path;
  const today = todayUtc(new Date());
  await withServerDb(async (client) => {
    // The zone's features as the server reads them (the demo's zone may hold the name's sibling).
    const { rows } = await client.query<{
      tld: string;
      length: number;
      name_chars: number;
      score: number;
      word_class: number | null;
      sibling_registered: boolean | null;
      twin_registered: boolean | null;
      delegation_group: DelegationGroupKey;
    }>(
      // Qualified: inside the zone's subqueries a bare "name" is zone_changes' own column.
      `select d.tld::text, d.length, d.name_chars, d.score, d.word_class, d.sibling_registered, d.twin_registered,
              ${delegationGroupAtSql("d.name", "d.tld::text", "now()")} as delegation_group
         from domains d where d.name = $1`,
      [domain.ace],
    );
    const row = rows[0];
    const features = catchRiskFeatures({
      ...row,
      nameChars: row.name_chars,
      wordClass: row.word_class,
      siblingRegistered: row.sibling_registered,
      twinRegistered: row.twin_registered,
      delegationGroup: row.delegation_group,
    });
    const cells = [
      { ...features, names: 412, caught: 290 },
      { ...otherGroup, names: 1000, caught: 100 },
    ];
    const model = CatchRiskModel.of(cells);
    expectedText = catchRiskText({ risk: model.predict(features), features, historyDays: CATCH_RISK_HISTORY_DAYS });
    await client.query("delete from stats_catch_risk_cells");
    for (const cell of cells) {
      await client.query(
        `insert into stats_catch_risk_cells (tld, length_group, char_group, score_band, word_group, family_group, delegation_group, names, caught)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          cell.tld,
          cell.lengthGroup,
          cell.charGroup,
          cell.scoreBand,
          cell.wordGroup,
          cell.familyGroup,
          cell.delegationGroup,
          cell.names,
          cell.caught,
        ],
      );
    }
    await client.query("delete from stats_catch_risk_calibration");
    for (let tenth = 0; tenth < 10; tenth++) {
      const row = TENTHS.find((bin) => bin.tenth === tenth) ?? { tenth, names: 0, predicted: 0, caught: 0, brier: 0, baselineBrier: 0 };
      await client.query(
        `insert into stats_catch_risk_calibration (tenth, names, predicted, caught, brier, baseline_brier, judged_days, first_judged_day, last_judged_day)
         values ($1, $2, $3, $4, $5, $6, 60, $7, $8)`,
        [row.tenth, row.names, row.predicted, row.caught, row.brier, row.baselineBrier, addDays(today, -90), addDays(today, -1)],
      );
    }
  });
});

/** The server keeps the figures it read for up to 30 seconds: reload until the page shows the ones written here. */
async function gotoShowing(page: Page, path: string, text: string) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByRole("main").getByText(text, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
}

function calibrationText() {
  const tenths = Array.from(
    { length: 10 },
    (_, tenth) => TENTHS.find((bin) => bin.tenth === tenth) ?? { tenth, names: 0, predicted: 0, caught: 0, brier: 0, baselineBrier: 0 },
  );
  const today = todayUtc(new Date());
  return calibrationSummaryText({ tenths, judgedDays: 60, firstJudgedDay: addDays(today, -90), lastJudgedDay: addDays(today, -1) })!.score;
}

async function expectRiskSection(page: Page) {
  await gotoShowing(page, domainPath, expectedText.basis);
  const section = page.getByRole("region", { name: "Risk att tas direkt" });
  await expect(section.getByText(expectedText.headline, { exact: true })).toBeVisible();
  await expect(section.getByText(/^Hög risk att tas direkt: 7 av 10$|^Måttlig risk att tas direkt: [4-6] av 10$/)).toBeVisible();
  await section.getByRole("link", { name: "Hur bra är prognosen?" }).click();
  await expect(page).toHaveURL(/\/statistik#prognosen$/);
  await expect(page.getByRole("heading", { level: 2, name: "Hur bra är prognosen?" })).toBeVisible();
  await expect(page.getByRole("main").getByText(calibrationText(), { exact: false })).toBeVisible();
}

async function expectForecastSection(page: Page) {
  await gotoShowing(page, "/statistik", `${calibrationText()} Risken att tas direkt, prövad per tiondel`);
  await page.getByRole("link", { name: "Risken att tas direkt, prövad per tiondel" }).click();
  await expect(page).toHaveURL(/\/statistik\/prognos$/);
  await expect(page.getByRole("heading", { level: 1, name: "Hur bra är prognosen?" })).toBeVisible();
  await expect(page.getByText(calibrationText(), { exact: true })).toBeVisible();
  const table = page.getByRole("region", { name: "Tabell: förutsagt och faktiskt per tiondel" });
  await expect(table.getByRole("row", { name: /^10–20 %\s+500\s+15\s%\s+16\s%/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /^70–80 %\s+300\s+73\s%\s+70\s%/ })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(3);
}

test("a soon-available name's page shows its risk of being caught at once with the basis, and /statistik judges the forecast", async ({
  page,
}) => {
  await expectRiskSection(page);
  await expectNoAxeViolations(page);
  await expectForecastSection(page);
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the risk and the forecast's judgement are in the page as served", async ({ page }) => {
    await expectRiskSection(page);
    await expectForecastSection(page);
  });
});

test.describe("on a 320 px wide phone", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("both sections fit the screen and have no accessibility violations", async ({ page }) => {
    for (const [path, text] of [
      [domainPath, expectedText.basis],
      ["/statistik/prognos", calibrationText()],
    ]) {
      await gotoShowing(page, path, text);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    }
  });
});

// The lists (decision 0085): the stored figure on a card and in the table, the filter and the sort.
test.describe("on the soon list", () => {
  let label = "";
  test.beforeAll(async () => {
    label = uniqueLabel("riskl");
    const domain = await insertE2eDomain(`${label}.se`, { status: "soonavailable", releaseInDays: 6, score: 55, wordClass: 0 });
    await withServerDb((client) => client.query("update domains set catch_risk = 72 where name = $1", [domain.ace]));
  });

  const view = (query: string) => `/soon-available?borjar=${label}&${query}`;

  test("a card and the table say the risk; the filter and the sort keep it or leave it out, without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(view("risk=hog&sort=risk-desc"));
    await expect(page.getByRole("main").getByText("Hög risk att tas direkt: 7 av 10", { exact: true })).toBeVisible();
    await expect(
      page.getByRole("main").getByText(/^Av [\d\s]+ (liknande|släppta) namn de senaste 90 dagarna togs [\d\s]+ direkt\.$/),
    ).toBeVisible();
    await page.goto(view("risk=hog&sort=risk-asc&vy=tabell"));
    const table = page.getByTestId("domain-table");
    await expect(table.getByRole("cell", { name: "Hög, 7 av 10" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Risk att tas direkt" })).toHaveAttribute("aria-sort", "ascending");
    await page.goto(view("risk=lag"));
    await expect(page.getByRole("main").getByText("Hög risk att tas direkt: 7 av 10", { exact: true })).toHaveCount(0);
    await context.close();
  });

  test("the filter panel's choice goes into the address with JavaScript, and a phone shows the card without overflow", async ({ page }) => {
    await page.goto(view("sort=risk-desc"));
    // Hydrated: the soon list's "Filtrera" button is only there before JavaScript takes over.
    await expect(page.getByRole("button", { name: "Filtrera" })).toHaveCount(0);
    await page.getByTestId("list-filters").locator("summary").click();
    await page.getByLabel("Risk att tas direkt vid släppet").selectOption("hog");
    await expect(page).toHaveURL(/risk=hog/);
    await expect(page.getByRole("main").getByText("Hög risk att tas direkt: 7 av 10", { exact: true })).toBeVisible();
    await page.setViewportSize({ width: 320, height: 640 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});
