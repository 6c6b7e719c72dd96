import type { Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { uniqueLabel } from "~tests/e2e/support/domain-rows";
import { waitForHydration } from "~tests/e2e/support/hydration";
import { withServerDb } from "~tests/e2e/support/server-db";
import { createSignedInE2eUser } from "~tests/e2e/support/users";
import { delegateE2eNames } from "~tests/e2e/support/zone-rows";

/** Two .nu names on none of our lists: one the zone delegates (to Loopia), one it does not. */
async function namesOnNoList(prefix: string) {
  const label = uniqueLabel(prefix);
  const registered = `${label}reg.nu`;
  const cleanUp = await delegateE2eNames([registered]);
  return { registered, absent: `${label}fri.nu`, cleanUp };
}

const watchList = (page: Page) => page.getByRole("list", { name: "Mina bokmärken" });

/** Toasts fade in and out; axe reads their colours mid-animation, so let them go first. */
async function waitForToastsToClose(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

test("a name on no list is watched from its page and shows on the account's list with what the zone says", async ({ page }) => {
  test.setTimeout(60_000);
  const names = await namesOnNoList("bevakazon");
  try {
    await createSignedInE2eUser(page);
    for (const name of [names.registered, names.absent]) {
      await page.goto(`/d/${name}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: `Bevaka ${name}`, exact: true }).click();
      await expect(page.getByText(`Du bevakar nu ${name}. Den finns under Mina bokmärken.`)).toBeVisible();
      await expect(page.getByRole("button", { name: `Sluta bevaka ${name}`, exact: true })).toHaveAttribute("aria-pressed", "true");
    }
    await waitForToastsToClose(page);
    await expectNoAxeViolations(page);

    await page.goto("/account?tab=bookmarks");
    await expect(page.getByRole("heading", { name: "Mina bokmärken (2)" })).toBeVisible();
    const registered = watchList(page).getByRole("listitem").filter({ hasText: names.registered });
    await expect(registered).toContainText("Registrerad");
    await expect(registered).toContainText("pekar på Loopias namnservrar");
    await expect(registered).toContainText("Inte på våra listor");
    await expect(registered.getByRole("link")).toHaveAttribute("href", `/d/${names.registered}`);
    const absent = watchList(page).getByRole("listitem").filter({ hasText: names.absent });
    await expect(absent).toContainText("Inte i zonen");
    await expectNoAxeViolations(page);

    // On a phone: no sideways scrolling.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // Stopping from the list.
    await waitForHydration(page);
    await absent.getByRole("button", { name: `Sluta bevaka ${names.absent}` }).click();
    await expect(page.getByText(`Du bevakar inte längre ${names.absent}.`)).toBeVisible();
    await expect(watchList(page).getByRole("listitem")).toHaveCount(1);
    const stored = await withServerDb((client) =>
      client.query(`select domain_name from bookmarks where domain_name in ($1, $2)`, [names.registered, names.absent]),
    );
    expect(stored.rows).toEqual([{ domain_name: names.registered }]);
  } finally {
    await names.cleanUp();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // axe runs inside the page, so it cannot run here; the same pages are checked with JavaScript above.
  test("the Bevaka button of a name on no list is a form that posts and comes back, and the account's list shows it", async ({ page }) => {
    const names = await namesOnNoList("utanjs");
    try {
      await createSignedInE2eUser(page);
      await page.goto(`/d/${names.absent}`);
      await page.getByRole("button", { name: `Bevaka ${names.absent}`, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/d/${names.absent.replace(/\./g, "\\.")}$`));
      await expect(page.getByRole("button", { name: `Sluta bevaka ${names.absent}`, exact: true })).toHaveAttribute("aria-pressed", "true");

      await page.goto("/account?tab=bookmarks");
      const absent = watchList(page).getByRole("listitem").filter({ hasText: names.absent });
      await expect(absent).toContainText("Inte i zonen");
      await absent.getByRole("button", { name: `Sluta bevaka ${names.absent}` }).click();
      await expect(page).toHaveURL(/\/account\?tab=bookmarks$/);
      await expect(page.getByText("Du har inga bokmärken ännu")).toBeVisible();
    } finally {
      await names.cleanUp();
    }
  });
});
