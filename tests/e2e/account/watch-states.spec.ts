import type { Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";
import { createSignedInE2eUser } from "~tests/e2e/support/users";
import { delegateE2eNames } from "~tests/e2e/support/zone-rows";

/**
 * Three watches of a new user: one on the list (a release ahead), one released and free (last shown
 * as on the list, so changed since), and one on no list that the .nu zone delegates to Loopia.
 */
async function seedWatches(page: Page, prefix: string) {
  const label = uniqueLabel(prefix);
  const names = { onList: `${label}a.se`, free: `${label}b.se`, registered: `${label}c.nu` };
  const cleanUp = await delegateE2eNames([names.registered]);
  await insertE2eDomain(names.onList, { status: "soonavailable", releaseInDays: 5 });
  await insertE2eDomain(names.free, { status: "available", releaseInDays: -2 });
  const user = await createSignedInE2eUser(page);
  await withServerDb(async (client) => {
    const { rows } = await client.query<{ id: string }>(`select id from "user" where email = $1`, [user.email]);
    await client.query(
      `insert into bookmarks (user_id, domain_name, created_at, shown_state, shown_since) values
         ($1, $2, now() - interval '3 days', null, null),
         ($1, $3, now() - interval '2 days', 'on_list', null),
         ($1, $4, now() - interval '1 day', null, null)`,
      [rows[0].id, names.onList, names.free, names.registered],
    );
  });
  return { names, cleanUp };
}

const watchList = (page: Page) => page.getByRole("list", { name: "Mina bokmärken" });
const item = (page: Page, name: string) => watchList(page).getByRole("listitem").filter({ hasText: name });

test("each watch shows its state, a changed one is new until shown, and the list filters by state", async ({ page }) => {
  test.setTimeout(60_000);
  const { names, cleanUp } = await seedWatches(page, "lage");
  try {
    await page.goto("/account?tab=bookmarks");
    await expect(page.getByRole("status").filter({ hasText: "1 bevakning har ändrats sedan ditt förra besök." })).toBeVisible();
    await expect(item(page, names.free)).toContainText("Ny ändring sedan ditt förra besök:");
    await expect(item(page, names.free)).toContainText("Släppt och ledig sedan");
    await expect(item(page, names.onList)).toContainText("Släpps snart");
    await expect(item(page, names.onList)).not.toContainText("Ny");
    await expect(item(page, names.registered)).toContainText("pekar på Loopias namnservrar");
    await expectNoAxeViolations(page);

    await page.getByLabel("Visa", { exact: true }).selectOption({ label: "Släpps snart (1)" });
    await page.getByRole("button", { name: "Visa", exact: true }).click();
    await expect(page).toHaveURL(/visa=on_list/);
    await expect(watchList(page).getByRole("listitem")).toHaveCount(1);
    await expect(item(page, names.onList)).toBeVisible();

    // Still new for the rest of this visit; gone in the next one (the list not loaded for an hour).
    await page.goto("/account?tab=bookmarks");
    await expect(item(page, names.free)).toContainText("Ny ändring sedan ditt förra besök:");
    await withServerDb((client) =>
      client.query(
        `update watch_list_visits set seen_at = now() - interval '1 hour' where user_id = (select user_id from bookmarks where domain_name = $1)`,
        [names.free],
      ),
    );
    await page.goto("/account?tab=bookmarks");
    await expect(watchList(page).getByRole("listitem")).toHaveCount(3);
    await expect(item(page, names.free)).not.toContainText("Ny");
    await expect(page.getByText("har ändrats sedan ditt förra besök")).toHaveCount(0);

    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoAxeViolations(page);
  } finally {
    await cleanUp();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // axe runs inside the page, so it cannot run here; the same page is checked with JavaScript above.
  test("sort and filter are a form that sends the address, and 'Visa bara ändrade' shows the changed ones", async ({ page }) => {
    const { names, cleanUp } = await seedWatches(page, "lageutanjs");
    try {
      await page.goto("/account?tab=bookmarks");
      await page.getByRole("link", { name: "Visa bara ändrade" }).click();
      await expect(page).toHaveURL(/visa=andrade/);
      await expect(watchList(page).getByRole("listitem")).toHaveCount(1);
      await expect(item(page, names.free)).toContainText("Ny");

      await page.getByLabel("Visa", { exact: true }).selectOption({ value: "" });
      await page.getByLabel("Sortera", { exact: true }).selectOption({ label: "Namn (A–Ö)" });
      await page.getByRole("button", { name: "Visa", exact: true }).click();
      await expect(page).toHaveURL(/ordning=namn/);
      await expect(watchList(page).getByRole("listitem")).toHaveCount(3);
      const order = await watchList(page)
        .getByRole("listitem")
        .evaluateAll((items) => items.map((li) => li.textContent ?? ""));
      expect(order.map((text) => [names.onList, names.free, names.registered].findIndex((name) => text.includes(name)))).toEqual([0, 1, 2]);
    } finally {
      await cleanUp();
    }
  });
});
