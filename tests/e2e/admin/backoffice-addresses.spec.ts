import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";
import { openUserMenu } from "~tests/e2e/support/user-menu";
import { ADMIN_EMAIL, signInAsAdmin } from "./admin-session";

const tabBar = (page: Page) => page.getByRole("navigation", { name: "Backoffice sections" });

/** Each tab's page, and what shows that its own content is there. */
const TABS = [
  { path: "/admin/domains", label: "Domains", content: (page: Page) => page.getByRole("table", { name: "Domains" }) },
  { path: "/admin/premium", label: "Premium", content: (page: Page) => page.getByRole("heading", { name: "Premium Domain Management" }) },
  { path: "/admin/users", label: "Users", content: (page: Page) => page.getByRole("heading", { name: "Registered Users" }) },
  { path: "/admin/imports", label: "TLD Imports", content: (page: Page) => page.getByRole("heading", { name: "TLD Import Configurations" }) },
  { path: "/admin/maintenance", label: "Maintenance", content: (page: Page) => page.getByRole("heading", { name: "Update Released Domains" }) },
];

/** The tab bar marks this tab, and only this one, as the current page. */
async function expectCurrentTab(page: Page, label: string) {
  await expect(tabBar(page).getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
  await expect(tabBar(page).locator("[aria-current]")).toHaveCount(1);
}

test("each tab opened by its own address: its title, its content and its link marked in the tab bar", async ({ page }) => {
  // Five pages, each with an accessibility check: more than the default 45 s on a busy CI machine.
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  for (const tab of TABS) {
    const response = await page.goto(tab.path);
    expect(response?.status(), tab.path).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`^${tab.label} – Backoffice Dashboard \\| `));
    await expect(page.getByRole("heading", { level: 1, name: "Backoffice Dashboard" })).toBeVisible();
    await expect(tab.content(page)).toBeVisible();
    await expectCurrentTab(page, tab.label);
    await expectNoAxeViolations(page);
  }
});

test("/admin, /backoffice and the old ?tab= addresses lead to their tab, keeping their other parameters", async ({ page }) => {
  const label = uniqueLabel("adress");
  await insertE2eDomain(`${label}.se`, { status: "soonavailable", releaseInDays: 6 });
  await signInAsAdmin(page);
  const cases: [string, RegExp][] = [
    ["/admin", /\/admin\/domains$/],
    ["/backoffice", /\/admin\/domains$/],
    [`/admin?q=${label}&sort=name&dir=desc`, new RegExp(`/admin/domains\\?q=${label}&sort=name&dir=desc$`)],
    [`/admin?tab=premium&q=${label}&page=1`, new RegExp(`/admin/premium\\?q=${label}&page=1$`)],
    ["/backoffice?tab=users&page=1", /\/admin\/users\?page=1$/],
    ["/backoffice?tab=imports", /\/admin\/imports$/],
    ["/admin?tab=maintenance", /\/admin\/maintenance$/],
  ];
  for (const [from, to] of cases) {
    await page.goto(from);
    await expect(page, from).toHaveURL(to);
  }
  // The kept parameters do their work on the tab they lead to.
  await page.goto(`/admin?q=${label}`);
  await expect(page.getByRole("table", { name: "Domains" }).locator("tbody tr")).toHaveCount(1);
  await expect(page.getByPlaceholder("Search domains...")).toHaveValue(label);
  await page.goto(`/backoffice?tab=premium&q=${label}`);
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(label);
  await expectCurrentTab(page, "Premium");
});

test("the tab bar opens each tab in turn, and the menu's Backoffice link lands on Domains", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/");
  const menu = await openUserMenu(page, ADMIN_EMAIL);
  await menu.getByRole("menuitem", { name: "Backoffice" }).click();
  await expect(page).toHaveURL(/\/admin\/domains$/);
  await expectCurrentTab(page, "Domains");
  for (const tab of TABS.slice(1)) {
    await tabBar(page).getByRole("link", { name: tab.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${tab.path}$`));
    await expect(tab.content(page)).toBeVisible();
    await expectCurrentTab(page, tab.label);
    await expect(page).toHaveTitle(new RegExp(`^${tab.label} – Backoffice Dashboard`));
  }
});

// axe runs inside the page, so it cannot run here; the same pages are checked with JavaScript above.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the tab bar's links open the tabs, and a row's Highlight form saves on the server", async ({ page }) => {
    const label = uniqueLabel("utanjs");
    const domain = await insertE2eDomain(`${label}.se`, { status: "soonavailable", releaseInDays: 8 });
    await signInAsAdmin(page);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/domains$/);
    await tabBar(page).getByRole("link", { name: "Users", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { name: "Registered Users" })).toBeVisible();
    await expectCurrentTab(page, "Users");

    await page.goto(`/admin/domains?q=${label}`);
    await page.getByRole("button", { name: `Highlight: ${domain.unicode}` }).click();
    // The form posts to the Domains tab's own action, which answers with the page, the list read again.
    await expect(page).toHaveURL(new RegExp(`/admin/domains\\?q=${label}$`));
    await expect(page.getByRole("button", { name: `Highlighted: ${domain.unicode}` })).toHaveAttribute("aria-pressed", "true");
    const stored = await withServerDb((client) => client.query<{ is_featured: boolean }>("select is_featured from domains where name = $1", [domain.ace]));
    expect(stored.rows[0].is_featured).toBe(true);
  });
});
