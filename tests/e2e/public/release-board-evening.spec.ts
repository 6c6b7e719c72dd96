import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";

// /slapps-idag the evening before (docs/product.md, "The release morning, measured"): from 12:00 UTC
// tomorrow's names below today's, and one count for the chart and the list. The server runs on the
// real clock, so the evening test checks the side of 12:00 UTC the run is on.

const isEvening = () => new Date().getUTCHours() >= 12;

test("tomorrow's names show from 12:00 UTC, waiting, with the board's filters", async ({ page }) => {
  const label = uniqueLabel("kvall");
  const tomorrow = await insertE2eDomain(`${label}.se`, { status: "soonavailable", releaseInDays: 1 });
  await insertE2eDomain(`${label}x.nu`, { status: "soonavailable", releaseInDays: 1 });
  await page.goto(`/slapps-idag?q=${label}&tld=se`);
  const section = page.getByTestId("release-tomorrow");
  if (!isEvening()) {
    await expect(page.getByRole("heading", { level: 1, name: "Släpps idag" })).toBeVisible();
    await expect(section).toHaveCount(0);
    return;
  }
  await expect(section.getByRole("heading", { level: 2, name: /^Släpps i morgon, / })).toBeVisible();
  await expect(section).toContainText("Namnen släpps i morgon tidigast kl. 04:00 UTC (");
  await expect(section).toContainText(/\(0[56]:00 svensk tid\)/);
  const rows = section.locator("ul[aria-label='Morgondagens namn'] > li");
  // The .nu name is filtered away, as on today's list.
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-domain", tomorrow.unicode);
  await expect(rows.first()).toContainText("Väntar");
  await expect(section.getByTestId("tomorrow-count-text")).toHaveText("1 namn");
  await expectNoAxeViolations(page);
});

test("the home page says the board shows tomorrow's names from 12:00 UTC", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("main")).toContainText("förbered morgondagens från kl. 12:00 UTC");
  await expect(page.getByRole("main").getByRole("link", { name: "Släpps idag" })).toHaveAttribute("href", "/slapps-idag");
});

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the chart and the list give one count, and the chart's labels are readable", async ({ page }) => {
    const label = uniqueLabel("rakna");
    const names = await Promise.all(
      ["a", "b", "c"].map((suffix) => insertE2eDomain(`${label}${suffix}.se`, { status: "available", releaseInDays: 0 })),
    );
    // One seen free and still free, one seen free and taken again, one taken without being seen free.
    await withServerDb(async (client) => {
      await client.query(
        `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, first_free_at, taken_at)
         select name, release_date, tld, length, name_chars, release_date, (release_date + time '04:00') at time zone 'UTC',
                case when name = any($2) then greatest(now(), (release_date + time '04:01') at time zone 'UTC') end,
                case when name = any($3) then greatest(now(), (release_date + time '04:01') at time zone 'UTC') + interval '1 minute' end
           from domains where name = any($1)`,
        [names.map((name) => name.ace), [names[0].ace, names[1].ace], [names[1].ace, names[2].ace]],
      );
    });
    await page.goto(`/slapps-idag?q=${label}`);
    await expect(page.getByTestId("count-text")).toHaveText(
      /^3 (av [\d\s\u00a0]+ )?namn · setts lediga: 2 · fortfarande lediga: 1 · registrerade igen: 2$/,
    );
    await expect(page.getByTestId("minute-chart")).toHaveAttribute("aria-label", /^2 namn har setts lediga/);
    for (const id of ["chart-scale", "chart-axis"]) {
      const size = await page.getByTestId(id).evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
      expect(size).toBeGreaterThanOrEqual(12);
    }
    // Both names were first seen free in the same minute: the scale's top is 2, its foot 0.
    await expect(page.getByTestId("chart-scale").locator("span")).toHaveText(["2", "0"]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});
