import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, releaseDateIn, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";

// The archive of release days (docs/product.md, "The archive of release days"): the suite writes one
// past day's releases — a name taken by the morning's rounds, one seen taken only in the registry's
// zone, one still free — and reads them back on /slappta/{day}, with and without JavaScript.

/** A day well before the demo's history, so its only names are this suite's. */
const DAY_OFFSET = -200;

async function seedDay(label: string) {
  const day = releaseDateIn(DAY_OFFSET);
  const morning = await insertE2eDomain(`${label}morgon.se`, { status: "registered", releaseInDays: DAY_OFFSET });
  const zone = await insertE2eDomain(`${label}zon.se`, { status: "registered", releaseInDays: DAY_OFFSET });
  const free = await insertE2eDomain(`${label}fri.se`, { status: "available", releaseInDays: DAY_OFFSET });
  await withServerDb(async (client) => {
    const outcome = (name: string, firstFree: string | null, taken: string | null) =>
      client.query(
        `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, first_free_at, last_free_at, taken_at)
         select name, release_date, tld, length, name_chars, release_date - 30, (release_date + time '04:00') at time zone 'UTC', $2, $2, $3
           from domains where name = $1`,
        [name, firstFree, taken],
      );
    await outcome(morning.ace, `${day}T04:10:00Z`, `${day}T04:30:00Z`);
    await outcome(zone.ace, null, null);
    await outcome(free.ace, `${day}T05:00:00Z`, null);
    // The zone: the snapshot in force (the demo's), or a first one; the name appeared at noon that day at Loopia's name servers.
    let [snapshot] = (
      await client.query<{ id: number }>(
        "select id from zone_snapshots where tld = '.se' and state = 'succeeded' order by applied_at desc limit 1",
      )
    ).rows;
    if (!snapshot) {
      [snapshot] = (
        await client.query<{ id: number }>(
          "insert into zone_snapshots (tld, serial, source, trigger, state, started_at, applied_at) values ('.se', 1, 'demo', 'e2e', 'succeeded', now(), now()) returning id",
        )
      ).rows;
    }
    await client.query(
      `insert into zone_delegations (name, tld, name_servers, delegated_since, since_snapshot_id, last_changed_at, last_changed_snapshot_id)
       values ($1, '.se', '{ns1.loopia.se,ns2.loopia.se}', $2, $3, $2, $3)`,
      [zone.ace, `${day}T12:00:00Z`, snapshot.id],
    );
    await client.query(
      `insert into zone_changes (snapshot_id, tld, name, kind, new_name_servers, seen_at) values ($1, '.se', $2, 'appeared', '{ns1.loopia.se,ns2.loopia.se}', $3)`,
      [snapshot.id, zone.ace, `${day}T12:00:00Z`],
    );
  });
  return { day, morning, zone, free };
}

test("the index lists release days and a day page tells what became of each name, with its download", async ({ page }) => {
  const label = uniqueLabel("arkiv");
  const { day, morning, zone, free } = await seedDay(label);

  await page.goto("/slappta");
  await expect(page.getByRole("heading", { level: 1, name: "Släppta domäner per dag" })).toBeVisible();
  await expect(page.getByTestId("archive-days").locator("tbody tr").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Släppta per dag" })).toHaveAttribute("href", "/slappta");

  await page.goto(`/slappta/${day}?q=${label}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Släppta");
  const names = page.getByTestId("archive-names");
  await expect(names.locator("li")).toHaveCount(3);
  await expect(names.locator("li", { hasText: morning.unicode })).toContainText("vår kontroll hos registret");
  await expect(names.locator("li", { hasText: zone.unicode })).toContainText("ögonblicksbild av zonen");
  await expect(names.locator("li", { hasText: zone.unicode })).toContainText("pekar på Loopias namnservrar");
  await expect(names.locator("li", { hasText: free.unicode })).toContainText("Fortfarande ledig");
  await expect(page.getByTestId("zone-source").getByRole("link", { name: "Internetstiftelsen" })).toHaveAttribute(
    "href",
    /internetstiftelsen\.se/,
  );
  await expectNoAxeViolations(page);

  // With JavaScript: the outcome filter narrows the view and keeps the search text.
  await page.getByLabel("Vad blev det av namnet").selectOption("tagen");
  await page.getByRole("button", { name: "Visa", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/slappta/${day}\\?q=${label}&utfall=tagen$`));
  await expect(names.locator("li")).toHaveCount(2);

  const download = await page.request.get(`/slappta/${day}/namn.csv?q=${label}&utfall=tagen`);
  expect(download.status()).toBe(200);
  const csv = await download.text();
  expect(csv).toContain(`${zone.unicode};${zone.ace};.se`);
  expect(csv).toContain(";taken;");
  expect(csv).toContain(";Loopia;ja;");

  await page.getByRole("link", { name: morning.unicode }).click();
  await expect(page).toHaveURL(morning.path);
  await expect(page.getByRole("link", { name: /Alla namn som släpptes/ })).toHaveAttribute("href", `/slappta/${day}`);
});

test("a bad date, a future day and a day without a release have Swedish pages with their status", async ({ page }) => {
  const bad = await page.goto("/slappta/2026-13-45");
  expect(bad?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: "Ogiltigt datum" })).toBeVisible();
  await expectNoAxeViolations(page);
  const future = await page.goto(`/slappta/${releaseDateIn(3)}`);
  expect(future?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Den här dagen har inte kommit än" })).toBeVisible();
  const quiet = await page.goto(`/slappta/${releaseDateIn(-3000)}`);
  expect(quiet?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Inga namn släpptes den här dagen" })).toBeVisible();
  await page.getByRole("link", { name: "alla släppdagar" }).click();
  await expect(page).toHaveURL(/\/slappta$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the day's form filters by what became of a name and the pager is plain links", async ({ page }) => {
    const label = uniqueLabel("utanjs");
    const { day, free } = await seedDay(label);
    await page.goto(`/slappta/${day}`);
    await page.getByLabel("Innehåller", { exact: true }).fill(label);
    await page.getByLabel("Vad blev det av namnet").selectOption("fri");
    await page.getByRole("button", { name: "Visa", exact: true }).click();
    // The form's empty fields lead to the short address of the same view.
    await expect(page).toHaveURL(new RegExp(`/slappta/${day}\\?q=${label}&utfall=fri$`));
    await expect(page.getByTestId("archive-names").locator("li")).toHaveCount(1);
    await expect(page.getByTestId("archive-names")).toContainText(free.unicode);
    await page.goto("/slappta");
    const next = page.getByRole("navigation", { name: "Sidor" }).getByRole("link", { name: /Nästa/ });
    if ((await next.count()) > 0) {
      await next.click();
      await expect(page).toHaveURL(/\/slappta\?sida=2$/);
      await expect(page.getByTestId("archive-days").locator("tbody tr").first()).toBeVisible();
    }
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the index and a day fit 320 px without sideways scrolling", async ({ page }) => {
    const label = uniqueLabel("telefon");
    const { day } = await seedDay(label);
    for (const path of ["/slappta", `/slappta/${day}?q=${label}`]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    }
  });
});
