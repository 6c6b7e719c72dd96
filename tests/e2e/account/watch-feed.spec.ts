import type { Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { uniqueLabel } from "~tests/e2e/support/domain-rows";
import { waitForHydration } from "~tests/e2e/support/hydration";
import { withServerDb } from "~tests/e2e/support/server-db";
import { createSignedInE2eUser } from "~tests/e2e/support/users";

/**
 * A watched .nu name on no list that the night's import has just put on the list (its "imported" event,
 * as the import writes it): one entry in the watch list's feed. The returned function removes it.
 */
async function watchedNameJustListed(email: string, prefix: string) {
  const name = `${uniqueLabel(prefix)}.nu`;
  await withServerDb(async (client) => {
    await client.query(
      `insert into bookmarks (user_id, domain_name, created_at) select id, $2, now() - interval '1 day' from "user" where email = $1`,
      [email, name],
    );
    await client.query(
      `insert into domain_events (domain_name, type, to_status, detail, source, created_at)
       values ($1, 'imported', 'soonavailable', 'release date 2031-01-15', 'import:e2e', now())`,
      [name],
    );
  });
  return { name, cleanUp: () => withServerDb((client) => client.query("delete from domain_events where domain_name = $1", [name])) };
}

const feedAddress = (page: Page) => page.getByLabel("Din flödesadress");
const section = (page: Page) => page.getByRole("region", { name: "Flöde med dina bevakade domäner" });

/** Toasts fade in and out; axe reads their colours mid-animation, so let them go first. */
async function waitForToastsToClose(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

test("the watch list's feed is made on the account page, read as Atom by the browser, and revoked", async ({ page }) => {
  test.setTimeout(60_000);
  const user = await createSignedInE2eUser(page);
  const watched = await watchedNameJustListed(user.email, "flode");
  try {
    await page.goto("/account?tab=bookmarks");
    await waitForHydration(page);
    await section(page).getByRole("button", { name: "Skapa flödesadress" }).click();
    await expect(page.getByText("Flödesadress skapad")).toBeVisible();
    const url = await feedAddress(page).inputValue();
    expect(url).toMatch(/\/feeds\/watch\/[A-Za-z0-9_-]{43}\.atom$/);
    const path = new URL(url).pathname;

    const atom = await page.request.get(path);
    expect(atom.status()).toBe(200);
    expect(atom.headers()).toMatchObject({ "content-type": "application/atom+xml; charset=utf-8", "x-robots-tag": "noindex" });
    expect(atom.headers()["cache-control"]).toMatch(/^private, max-age=\d+$/);
    const parsed = await page.evaluate((xml) => {
      const document = new DOMParser().parseFromString(xml, "application/xml");
      const ATOM = "http://www.w3.org/2005/Atom";
      return {
        error: document.getElementsByTagName("parsererror").length > 0,
        root: `${document.documentElement.namespaceURI} ${document.documentElement.localName}`,
        entries: [...document.getElementsByTagNameNS(ATOM, "entry")].map((entry) => ({
          title: entry.getElementsByTagNameNS(ATOM, "title")[0]?.textContent,
          content: entry.getElementsByTagNameNS(ATOM, "content")[0]?.textContent,
        })),
      };
    }, await atom.text());
    expect(parsed).toMatchObject({
      error: false,
      root: "http://www.w3.org/2005/Atom feed",
      entries: [{ title: `${watched.name}: Släpps snart`, content: expect.stringContaining("Släpps 15 januari 2031, tidigast kl. 04:00 UTC.") }],
    });

    await waitForToastsToClose(page);
    await expectNoAxeViolations(page);
    // On a phone: no sideways scrolling.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await section(page).getByRole("button", { name: "Ta bort flödesadressen" }).click();
    await expect(page.getByText("Flödesadressen borttagen")).toBeVisible();
    await expect(section(page).getByRole("button", { name: "Skapa flödesadress" })).toBeVisible();
    expect((await page.request.get(path)).status()).toBe(404);
  } finally {
    await watched.cleanUp();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // axe runs inside the page, so it cannot run here; the same section is checked with JavaScript above.
  test("the feed's buttons are forms: made, replaced and revoked, each old address 404", async ({ page }) => {
    await createSignedInE2eUser(page);
    await page.goto("/account?tab=bookmarks");
    await section(page).getByRole("button", { name: "Skapa flödesadress" }).click();
    const first = new URL(await feedAddress(page).inputValue()).pathname;
    expect((await page.request.get(first)).status()).toBe(200);

    await section(page).getByRole("button", { name: "Skapa ny adress" }).click();
    const second = new URL(await feedAddress(page).inputValue()).pathname;
    expect(second).not.toBe(first);
    expect((await page.request.get(first)).status()).toBe(404);
    expect((await page.request.get(second)).status()).toBe(200);

    await section(page).getByRole("button", { name: "Ta bort flödesadressen" }).click();
    await expect(section(page).getByRole("button", { name: "Skapa flödesadress" })).toBeVisible();
    expect((await page.request.get(second)).status()).toBe(404);
  });
});
