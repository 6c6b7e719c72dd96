import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page is live: the root sets <html data-hydrated> in an
 * effect once React has hydrated. Before that a button's click does nothing
 * (forms and links still work, as they do without JavaScript); a test that
 * presses something needing JavaScript waits for this first, then acts once.
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 20_000 });
}
