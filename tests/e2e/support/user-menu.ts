import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Opens the header's user menu. A click before hydration does nothing (one
 * after it but before the menu's on-demand code arrives is remembered and
 * opens the menu then); keep clicking the button until the menu shows.
 */
export async function openUserMenu(page: Page, email: string): Promise<Locator> {
  const trigger = page.getByRole("button", { name: `Användarmeny för ${email}` });
  const menu = page.getByRole("menu");
  await pressUntilVisible(trigger, menu, () => trigger.click());
  return menu;
}

/** Acts on `target` until `opened` is visible: an action before hydration does nothing, and acting on an open part would close it. */
export async function pressUntilVisible(target: Locator, opened: Locator, act: () => Promise<void> = () => target.press("Enter")) {
  await expect(async () => {
    if (!(await opened.isVisible())) await act();
    await expect(opened).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
