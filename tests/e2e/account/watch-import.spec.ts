import type { Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { uniqueLabel } from "~tests/e2e/support/domain-rows";
import { waitForHydration } from "~tests/e2e/support/hydration";
import { createSignedInE2eUser } from "~tests/e2e/support/users";

const watchList = (page: Page) => page.getByRole("list", { name: "Mina bokmärken" });
const refusedLines = (page: Page) => page.getByRole("list", { name: "Rader som inte tas med" });

/** Toasts fade in and out; axe reads their colours mid-animation, so let them go first. */
async function waitForToastsToClose(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

test("a pasted list with bad lines is previewed with every reason, edited, saved and shown on the account's list", async ({ page }) => {
  // Four pages checked by axe, on a machine the other suites share.
  test.setTimeout(120_000);
  const label = uniqueLabel("lista");
  await createSignedInE2eUser(page);
  await page.goto("/account?tab=bookmarks");
  await page.getByRole("link", { name: "Lägg till flera" }).click();
  await expect(page.getByRole("heading", { name: "Lägg till flera bevakningar" })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);

  const text = [`${label}.se`, `${label}.com`, `${label} två.se`, "", `räksmörgås${label}.nu`, `${label}.se`, label].join("\n");
  await page.getByLabel("Klistra in domäner").fill(text);
  await page.getByRole("button", { name: "Förhandsgranska" }).click();
  await expect(page.getByRole("heading", { name: "Förhandsvisning" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Läggs till" }).getByRole("listitem")).toHaveText([
    `${label}.se`,
    new RegExp(`^räksmörgås${label}\\.nu \\(xn--.*\\.nu\\)$`),
  ]);
  const refused = refusedLines(page).getByRole("listitem");
  await expect(refused).toHaveCount(5);
  await expect(refused.nth(0)).toContainText("Rad 2");
  await expect(refused.nth(0)).toContainText("Fel toppdomän (.com)");
  await expect(refused.nth(1)).toContainText("Innehåller mellanslag");
  await expect(refused.nth(2)).toContainText("Tom rad");
  await expect(refused.nth(3)).toContainText("Samma domän som rad 1");
  await expect(refused.nth(4)).toContainText("Saknar toppdomän");
  await expectNoAxeViolations(page);

  // On a phone: no sideways scrolling.
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // "Ändra" keeps the text; the bad lines go, and the new preview has nothing left out.
  await page.getByRole("button", { name: "Ändra" }).click();
  const field = page.getByLabel("Klistra in domäner");
  await expect(field).toHaveValue(text);
  await field.fill(`${label}.se\nräksmörgås${label}.nu\n`);
  await page.getByRole("button", { name: "Förhandsgranska" }).click();
  await expect(page.getByRole("heading", { name: "Förhandsvisning" })).toBeVisible();
  await expect(refusedLines(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Spara 2 domäner" }).click();

  await expect(page).toHaveURL(/\/account\?tab=bookmarks$/);
  await expect(page.getByText("2 domäner bevakas nu")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mina bokmärken (2)" })).toBeVisible();
  await expect(watchList(page).getByRole("listitem")).toHaveCount(2);
  await waitForToastsToClose(page);
  await expectNoAxeViolations(page);
});

test("an uploaded CSV is read by its name column, and what is watched already is shown as such", async ({ page }) => {
  const label = uniqueLabel("csv");
  await createSignedInE2eUser(page);
  await page.goto("/account/watches/import");
  await page.getByLabel("Klistra in domäner").fill(`${label}a.se`);
  await page.getByRole("button", { name: "Förhandsgranska" }).click();
  await page.getByRole("button", { name: "Spara 1 domän" }).click();
  await expect(page).toHaveURL(/\/account\?tab=bookmarks$/);

  await page.goto("/account/watches/import");
  const csv = `\uFEFFid;Domän;pris\r\n1;${label}a.se;100\r\n2;${label}b.nu;200\r\n3;${label}c.dk;300\r\n`;
  await page.getByLabel("Eller välj en fil").setInputFiles({ name: "lista.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Förhandsgranska" }).click();
  await expect(page.getByText("Läst som CSV.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Läggs till" }).getByRole("listitem")).toHaveText([`${label}b.nu`]);
  await expect(page.getByRole("list", { name: "Bevakas redan" }).getByRole("listitem")).toHaveText([`${label}a.se`]);
  await expect(refusedLines(page).getByRole("listitem")).toHaveText([/^Rad 4.*Fel toppdomän \(\.dk\)/]);
  await page.getByRole("button", { name: "Spara 1 domän" }).click();
  await expect(page.getByRole("heading", { name: "Mina bokmärken (2)" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // axe runs inside the page, so it cannot run here; the same pages are checked with JavaScript above.
  test("the list is previewed, edited and saved with plain forms", async ({ page }) => {
    const label = uniqueLabel("utanjs");
    await createSignedInE2eUser(page);
    await page.goto("/account/watches/import");
    await page.getByLabel("Klistra in domäner").fill(`${label}.se\n${label}.org`);
    await page.getByRole("button", { name: "Förhandsgranska" }).click();
    await expect(refusedLines(page).getByRole("listitem")).toContainText(["Fel toppdomän (.org)"]);
    await page.getByRole("button", { name: "Ändra" }).click();
    await expect(page.getByLabel("Klistra in domäner")).toHaveValue(`${label}.se\n${label}.org`);
    await page.getByRole("button", { name: "Förhandsgranska" }).click();
    await page.getByRole("button", { name: "Spara 1 domän" }).click();
    await expect(page).toHaveURL(/\/account\?tab=bookmarks$/);
    await expect(watchList(page).getByRole("listitem")).toHaveCount(1);
    await expect(watchList(page)).toContainText(`${label}.se`);
  });
});
