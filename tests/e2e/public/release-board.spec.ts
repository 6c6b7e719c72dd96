import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";

// /slapps-idag (docs/product.md, "The release morning, measured"): the suite writes what the
// morning's rounds would write (recordDasAnswers) and waits for the open board to show it.

/** One of today's names with its release row, as the mark-released step leaves it: not seen free yet. */
async function todaysName(prefix: string) {
  const domain = await insertE2eDomain(`${uniqueLabel(prefix)}.se`, { status: "available", releaseInDays: 0 });
  await withServerDb((client) =>
    client.query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at)
       select name, release_date, tld, length, name_chars, release_date, (release_date + time '04:00') at time zone 'UTC' from domains where name = $1`,
      [domain.ace],
    ),
  );
  return domain;
}

async function seenFree(name: string) {
  await withServerDb(async (client) => {
    await client.query("update release_outcomes set first_free_at = now(), last_free_at = now() where domain_name = $1", [name]);
    await client.query("update domains set last_checked_at = now() where name = $1", [name]);
  });
}

async function takenAgain(name: string) {
  await withServerDb(async (client) => {
    await client.query("update release_outcomes set taken_at = now() + interval '2 minutes' where domain_name = $1", [name]);
    await client.query(
      "update domains set status = 'registered', taken_at = now() + interval '2 minutes', registration_date = current_date where name = $1",
      [name],
    );
  });
}

test("an open board shows a name turning free and then taken again, without a reload", async ({ page }) => {
  const domain = await todaysName("tavla");
  await page.goto(`/slapps-idag?q=${domain.unicode.slice(0, -3)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Släpps idag" })).toBeVisible();
  const row = page.locator(`li[data-domain="${domain.unicode}"]`);
  // Before 04:00 UTC waiting, in the morning held, after 12:00 not seen free: the suite runs at any hour.
  await expect(row).toHaveAttribute("data-state", /^(waiting|held|not-seen)$/);
  await expect(page.getByTestId("minute-chart")).toBeVisible();
  await expectNoAxeViolations(page);
  // Survives only as long as the document does.
  await page.evaluate(() => Object.assign(window, { boardMarker: "same page" }));

  await seenFree(domain.ace);
  await expect(row).toContainText("Ledig sedan");
  await takenAgain(domain.ace);
  await expect(row).toContainText(/Registrerades igen \d\d:\d\d \(efter \d+ min\)/);
  expect(await page.evaluate(() => (window as unknown as { boardMarker?: string }).boardMarker)).toBe("same page");
  await expectNoAxeViolations(page);
});

test("the home page and the soon-available list link to the board; the header stays as it is", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("main").getByRole("link", { name: "Släpps idag" }).click();
  await expect(page).toHaveURL(/\/slapps-idag$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Släpps idag" })).toHaveCount(0);
  await page.goto("/soon-available");
  await expect(page.getByRole("main").getByRole("link", { name: "Följ dagens släpp live" })).toHaveAttribute("href", "/slapps-idag");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the refresh link shows what changed", async ({ page }) => {
    const domain = await todaysName("uppdatera");
    await page.goto(`/slapps-idag?q=${domain.unicode.slice(0, -3)}`);
    const row = page.locator(`li[data-domain="${domain.unicode}"]`);
    await expect(row).toHaveAttribute("data-state", /^(waiting|held|not-seen)$/);
    await seenFree(domain.ace);
    await page.getByRole("link", { name: "Uppdatera sidan" }).click();
    await expect(row).toContainText("Ledig sedan");
    await expect(page).toHaveURL(new RegExp(`/slapps-idag\\?q=${domain.unicode.slice(0, -3)}$`));
  });
});

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the board and its filters fit the width and work from the keyboard", async ({ page }) => {
    const domain = await todaysName("telefon");
    await page.goto("/slapps-idag");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByLabel("Innehåller").focus();
    await page.keyboard.type(domain.unicode.slice(0, -3));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`q=${domain.unicode.slice(0, -3)}`));
    await expect(page.locator("main li[data-domain]")).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
});

test("a full day shows its first 500 names, with every name a link away", async ({ page }) => {
  // 520 of today's names, registered again (so no other list shows them), under one label to filter on.
  const label = uniqueLabel("dag");
  await withServerDb((client) =>
    client.query(
      `insert into domains (name, unicode_name, tld, status, length, release_date, taken_at)
       select $1 || n || '.se', $1 || n || '.se', '.se', 'registered', length($1 || n), current_date, now() - interval '1 minute'
         from generate_series(100, 619) as n`,
      [label],
    ),
  );
  await page.goto(`/slapps-idag?q=${label}`);
  const rows = page.locator("ul[aria-label='Dagens namn'] > li");
  await expect(rows).toHaveCount(500);
  await expect(page.getByTestId("count-text")).toContainText(/^520 (av [\d\s\u00a0]+ )?namn/);
  await page.getByRole("link", { name: "Visa alla 520 namn" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${label}.*alla=1|alla=1.*q=${label}`));
  await expect(rows).toHaveCount(520);
  await expect(page.getByRole("link", { name: /^Visa alla/ })).toHaveCount(0);
});
