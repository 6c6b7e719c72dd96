import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { createSignedInE2eUser } from "~tests/e2e/support/users";

const WIDTHS = [320, 390, 760, 800, 1024, 1280, 1920];
/** The header's one row (h-16) and its bottom border. */
const SINGLE_ROW_HEIGHT = 64 + 1;

/** A 40-character address no other test uses: long e-mails made the navigation wrap. */
function fortyCharacterEmail() {
  const local = `header-${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.padEnd(31, "x").slice(0, 31);
  return `${local}@e2e.test`;
}

/**
 * The header as laid out now: its height, how many lines each visible text in
 * its top row takes, whether anything sticks out of the row, and whether the
 * page scrolls sideways.
 */
async function measureHeader(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector("body > header")!;
    const row = header.firstElementChild!;
    const rowBox = row.getBoundingClientRect();
    const texts: { text: string; lines: number; inside: boolean }[] = [];
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const parent = node.parentElement!;
      const box = parent.getBoundingClientRect();
      // Screen-reader-only text sits in a 1 px box; it is not laid out for the eye.
      if (box.width <= 1 || box.height <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()];
      const tops = new Set(rects.map((rect) => Math.round(rect.top)));
      // Text cut off with an ellipsis runs on past its box, hidden: what shows ends with the box.
      const clipped = getComputedStyle(parent).overflowX !== "visible";
      const inside = rects.every(
        (rect) =>
          rect.top >= rowBox.top - 0.5 &&
          rect.bottom <= rowBox.bottom + 0.5 &&
          rect.left >= rowBox.left - 0.5 &&
          (clipped ? Math.min(rect.right, box.right) : rect.right) <= rowBox.right + 0.5,
      );
      texts.push({ text: node.textContent.trim(), lines: tops.size, inside });
    }
    return {
      height: header.getBoundingClientRect().height,
      texts,
      rowOverflows: row.scrollWidth > row.clientWidth,
      pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

async function expectOneRowAtEveryWidth(page: Page, expectedText: RegExp) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const header = await measureHeader(page);
    const where = `at ${width} px`;
    expect(header.texts.map((text) => text.text).join(" "), where).toMatch(expectedText);
    expect(header.texts.filter((text) => text.lines !== 1 || !text.inside), `${where}: texts that wrap or stick out`).toEqual([]);
    expect(header.rowOverflows, `${where}: the row overflows`).toBe(false);
    expect(header.pageScrollsSideways, `${where}: the page scrolls sideways`).toBe(false);
    expect(header.height, `${where}: the header's height`).toBe(SINGLE_ROW_HEIGHT);
  }
}

test.describe("the header holds on one row from 320 to 1920 px", () => {
  test("signed out", async ({ page }) => {
    await page.goto("/");
    await expectOneRowAtEveryWidth(page, /Snart lediga/);
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.getByRole("navigation", { name: "Huvudmeny" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Logga in" }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const admin of [false, true]) {
    test(`signed in${admin ? " as admin" : ""} with a 40-character e-mail`, async ({ page }) => {
      const email = fortyCharacterEmail();
      expect(email).toHaveLength(40);
      await createSignedInE2eUser(page, { email, admin });
      await page.goto("/");
      await expectOneRowAtEveryWidth(page, /Snart lediga/);
      // Wide enough for the navigation: the menu button is there, its name the whole address.
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.getByRole("navigation", { name: "Huvudmeny" })).toBeVisible();
      await expect(page.getByRole("button", { name: `Användarmeny för ${email}` }).first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
