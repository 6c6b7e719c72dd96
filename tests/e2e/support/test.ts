import { test as base, expect } from "@playwright/test";
import { waitForHydration } from "./hydration";

/**
 * The suite's `test`: Playwright's, with a page whose goto() returns once the
 * page is live (hydrated), as a person waits for a page to respond before
 * pressing anything. Before hydration a button's click does nothing, so a test
 * that pressed at once passed only when the machine was quick (an audit that
 * delayed hydration by 2 s failed 19 tests that way).
 *
 * A test about the moments before hydration passes its own `waitUntil` (or
 * turns JavaScript off); goto then behaves as Playwright's. After a full page
 * load that a click starts (a plain form post, a link), call waitForHydration.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // A page with the app's scripts; not a file, a feed or the static "database down" page.
      const hasApp = javaScriptEnabled && !options?.waitUntil && (await page.locator("script[type=module]").count()) > 0;
      if (hasApp) await waitForHydration(page);
      return response;
    };
    await use(page);
  },
});

export { expect };
