import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { openUserMenu } from "~tests/e2e/support/user-menu";
import { createE2eUser, fillLogin } from "~tests/e2e/support/users";

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, "laid out").not.toBeNull();
  return box!;
}

/**
 * How far the page reaches past the window's right edge (0: no sideways scroll), and the headings whose
 * text is wider than their box: at 320 px they stick out into the page's margin, and a window with a
 * scroll bar beside them scrolls sideways.
 */
function sidewaysOverflow(page: Page) {
  return page.evaluate(() => ({
    by: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    headingsWiderThanTheirBox: [...document.querySelectorAll("main :is(h1, h2, h3)")]
      .filter((heading) => heading.scrollWidth > heading.clientWidth + 0.5)
      .map((heading) => heading.textContent?.trim()),
  }));
}

/** The lines a heading's text takes. */
function linesOf(heading: Locator) {
  return heading.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

test.describe("on the narrowest screens", () => {
  test("/api and /premium do not scroll sideways at 320 px; the home search's hint fits at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    for (const path of ["/api", "/premium"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await sidewaysOverflow(page), `${path} at 320 px`).toEqual({ by: 0, headingsWiderThanTheirBox: [] });
    }
    // "Premiumdomäner" fits whole, not broken inside the word.
    expect(await linesOf(page.getByRole("heading", { level: 1, name: "Premiumdomäner" }))).toBe(1);

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const search = page.getByRole("searchbox", { name: "Sök domännamn" });
    await expect(search).toBeVisible();
    // The placeholder's width in the input's own font, against the room inside its padding.
    const hint = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return {
        text: input.placeholder,
        width: Math.ceil(context.measureText(input.placeholder).width),
        room: Math.floor(input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)),
      };
    });
    expect(hint.text).not.toBe("");
    expect(hint.width, `"${hint.text}" in ${hint.room} px`).toBeLessThanOrEqual(hint.room);
  });
});

test("toasts keep clear of the header; signing out replaces the sign-in toast; the user menu leads to the saved searches", async ({ page }) => {
  const user = await createE2eUser(page.request);
  const toasts = page.locator("[data-sonner-toast]");
  const header = page.locator("body > header");

  await page.goto("/auth");
  await fillLogin(page, user.email, user.password);
  const signedIn = toasts.filter({ hasText: "Du är nu inloggad!" });
  await expect(signedIn).toBeVisible();
  const signedInBox = await boxOf(signedIn);
  expect(overlaps(signedInBox, await boxOf(header)), "the toast covers the header").toBe(false);
  expect(overlaps(signedInBox, await boxOf(page.getByRole("navigation", { name: "Huvudmeny" }))), "the toast covers the navigation").toBe(false);

  const menu = await openUserMenu(page, user.email);
  await expect(menu.getByRole("menuitem", { name: "Sparade sökningar" })).toHaveAttribute("href", "/account?tab=searches");
  await menu.getByRole("menuitem", { name: "Logga ut" }).click();
  const signedOut = toasts.filter({ hasText: "Du har loggat ut" });
  await expect(signedOut).toBeVisible();
  await expect(toasts, "only the sign-out toast").toHaveCount(1);
  await expect(page.getByText("Du är nu inloggad!")).toHaveCount(0);

  // On a phone the toast runs across the bottom, clear of the header and the menu it opens below it.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/auth");
  await fillLogin(page, user.email, user.password);
  await expect(signedIn).toBeVisible();
  const phoneToast = await boxOf(signedIn);
  expect(overlaps(phoneToast, await boxOf(header)), "the toast covers the header on a phone").toBe(false);
  expect(phoneToast.y, "the toast sits in the lower half").toBeGreaterThan(740 / 2);

  // The menu's link leads to the saved searches.
  await page.setViewportSize({ width: 1280, height: 800 });
  await (await openUserMenu(page, user.email)).getByRole("menuitem", { name: "Sparade sökningar" }).click();
  await expect(page).toHaveURL(/\/account\?tab=searches$/);
  await expect(page.getByRole("tab", { name: /Sparade sökningar/, selected: true })).toBeVisible();
});
