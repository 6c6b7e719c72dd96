import { expect, type Locator, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";

/** Opens the header's user menu with one click, once the page is live. */
export async function openUserMenu(page: Page, email: string): Promise<Locator> {
  await waitForHydration(page);
  const menu = page.getByRole("menu");
  await page.getByRole("button", { name: `Användarmeny för ${email}` }).click();
  await expect(menu).toBeVisible();
  return menu;
}
