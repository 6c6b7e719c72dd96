import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, releaseDateIn, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";
import { waitForHydration } from "~tests/e2e/support/hydration";
import { createSignedInE2eUser } from "~tests/e2e/support/users";
import { ADMIN_EMAIL, signInAsAdmin } from "./admin-session";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const domainRows = (page: Page) => page.getByRole("table", { name: "Domains" }).locator("tbody tr");

test("visitors and signed-in users are sent to the home page", async ({ page }) => {
  await page.goto("/admin/domains");
  await expect(page).toHaveURL(/\/$/);
  await createSignedInE2eUser(page);
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/$/);
});

test("filter, sort and page the domain table; every filter lives in the URL", async ({ page }) => {
  // Many steps and an accessibility check of a full table: more than the default 45 s on a busy CI machine.
  test.setTimeout(90_000);
  // Short enough that the length filter can tell the names apart; random enough to match no demo name.
  const label = `q${Math.random().toString(36).slice(2, 8)}`;
  // 33 names share the label: two pages of 30. Three of them are .nu, one of those is long and one has a hyphen.
  for (let index = 0; index < 33; index++) {
    const suffix = index === 0 ? "-x" : index === 1 ? "longlonglonglong" : String(index).padStart(2, "0");
    await insertE2eDomain(`${label}${suffix}${index < 3 ? ".nu" : ".se"}`, { status: "soonavailable", releaseInDays: 3 + (index % 5) });
  }
  await signInAsAdmin(page);
  await page.goto("/admin/domains");
  await expect(page.getByRole("heading", { name: "Backoffice Dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Backoffice sections" }).getByRole("link", { name: "Domains" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);

  await page.getByPlaceholder("Search domains...").fill(label);
  await expect(page).toHaveURL(new RegExp(`q=${label}`));
  await expect(page.getByTestId("domain-count")).toHaveText("Showing 30 of 33 domains");
  await expect(page.getByRole("columnheader", { name: /Release Date/ })).toHaveAttribute("aria-sort", "ascending");

  const pager = page.getByRole("navigation", { name: "Domain pages" });
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId("domain-count")).toHaveText("Showing 3 of 33 domains");
  await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  // A filter change starts again at page 1.
  await page.getByLabel("TLD").selectOption(".nu");
  await expect(page).toHaveURL(/tld=\.nu/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByTestId("domain-count")).toHaveText("Showing 3 of 3 domains");
  await expect(pager).toHaveCount(0);

  await page.getByLabel("Has special characters (-)").check();
  await expect(page.getByTestId("domain-count")).toHaveText("Showing 1 of 1 domains");
  await expect(domainRows(page).first()).toContainText(`${label}-x.nu`);
  await page.getByLabel("Has special characters (-)").uncheck();

  await page.getByLabel("TLD").selectOption("");
  await page.getByLabel("Length from").selectOption("15+");
  await expect(page).toHaveURL(/lenFrom=15%2B/);
  await expect(page.getByTestId("domain-count")).toHaveText("Showing 1 of 1 domains");
  await expect(domainRows(page).first()).toContainText(`${label}longlonglonglong`);
  await page.getByLabel("Length from").selectOption("");

  // Release dates: both ends included; "Rensa" clears one.
  await page.getByLabel("Release date from", { exact: true }).fill(releaseDateIn(4));
  await expect(page).toHaveURL(new RegExp(`from=${releaseDateIn(4)}`));
  await page.getByLabel("Release date to", { exact: true }).fill(releaseDateIn(4));
  await expect(page.getByTestId("from-display")).toHaveText(releaseDateIn(4));
  await expect(page.getByTestId("domain-count")).toHaveText("Showing 7 of 7 domains");
  await page.getByRole("link", { name: "Rensa release date to" }).click();
  await expect(page.getByTestId("to-display")).toHaveText("—");
  await expect(page.getByTestId("domain-count")).toHaveText("Showing 26 of 26 domains");
  await page.getByRole("link", { name: "Rensa release date from" }).click();
  // The sort links carry the page's filters: wait until they are those of the cleared page (a click
  // before that kept "from" and sorted only the names released from day 4, as one CI run showed).
  await expect(page.getByTestId("from-display")).toHaveText("—");
  await expect(page.getByTestId("domain-count")).toHaveText("Showing 30 of 33 domains");

  // Sorting by name, then the other way.
  await page.getByRole("columnheader", { name: /Name/ }).getByRole("link").click();
  await expect(page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(domainRows(page).first()).toContainText(`${label}-x.nu`);
  await page.getByRole("columnheader", { name: /Name/ }).getByRole("link").click();
  await expect(page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "descending");
  await expect(domainRows(page).first()).toContainText(`${label}longlonglonglong.nu`);

  // The URL alone brings the same view back.
  await page.reload();
  await expect(page.getByPlaceholder("Search domains...")).toHaveValue(label);
  await expect(page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "descending");
  await expectNoAxeViolations(page);
});

test("highlight a domain and see the Utvald ribbon on the public site", async ({ page }) => {
  const label = uniqueLabel("hlight");
  const domain = await insertE2eDomain(`${label}.se`, { status: "soonavailable", releaseInDays: 9 });
  await signInAsAdmin(page);
  await page.goto(`/admin/domains?q=${label}`);
  const toggle = page.getByRole("button", { name: `Highlight: ${domain.unicode}` });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toast(page, "Domain highlight status updated successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: `Highlighted: ${domain.unicode}` })).toHaveAttribute("aria-pressed", "true");

  await page.goto(`/search/${label}`);
  const card = page.locator("article, li").filter({ hasText: domain.unicode }).first();
  await expect(card).toContainText("Utvald");
});

test("edit a highlighted name's description and see it under the name on its page", async ({ page }) => {
  const label = uniqueLabel("hdesc");
  const domain = await insertE2eDomain(`${label}.nu`, { status: "soonavailable", releaseInDays: 12, isFeatured: true });
  const firstLine = `Utvald: kort & <b>lätt</b> att säga ${label}.`;
  const text = `${firstLine}\nPassar en bokhandel.\n\nEtt andra stycke.`;
  await signInAsAdmin(page);
  await page.goto(`/admin/domains?q=${label}`);
  const dialog = page.getByRole("dialog", { name: `Edit Domain: ${domain.unicode}` });
  // A click on the row opens the dialog once the page is live.
  await waitForHydration(page);
  await domainRows(page).filter({ hasText: domain.unicode }).getByRole("cell").first().click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("TLD")).toHaveValue(".nu");
  await expect(dialog.getByLabel("Status")).toHaveValue("Snart ledig");
  await expect(dialog.getByText("The description is shown on the domain's page.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Too long is refused in the form (and by the server).
  await dialog.getByPlaceholder("Add a description for this domain...").fill("x".repeat(5001));
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText("Description must be at most 5,000 characters")).toBeVisible();

  await dialog.getByPlaceholder("Add a description for this domain...").fill(text);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Domain description updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(domain.path);
  // Under the name, as text (the markup is not interpreted), its line break and paragraphs kept.
  const summary = page.locator("article > header");
  await expect(summary.getByRole("heading", { level: 1, name: domain.unicode })).toBeVisible();
  const firstParagraph = summary.getByText(firstLine);
  await expect(firstParagraph).toBeVisible();
  expect(await firstParagraph.evaluate((element) => (element as HTMLElement).innerText)).toBe(`${firstLine}\nPassar en bokhandel.`);
  await expect(summary.getByText("Ett andra stycke.", { exact: true })).toBeVisible();
  await expect(summary.locator("b")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

/** `count` premium names "<prefix>01.se", "<prefix>02.se" ...; returns their removal. */
async function insertPremiumNames(prefix: string, count: number) {
  await withServerDb((client) =>
    client.query(
      `insert into domains (name, unicode_name, tld, status, length, score, is_featured, price)
       select name, name, '.se', 'premium', length(split_part(name, '.', 1)), 60, false, 10000
         from (select $1 || lpad(i::text, 2, '0') || '.se' as name from generate_series(1, $2::int) as i) as names`,
      [prefix, count],
    ),
  );
  return () => withServerDb((client) => client.query("delete from domains where name like $1 || '%'", [prefix]));
}

/** The toaster's region is mounted by an effect after hydration: before it, a click does nothing. */
const hydrated = (page: Page) => page.locator("section[aria-label^='Notifications']").waitFor({ state: "attached" });

test("add, edit and delete a premium domain; the name just added is shown whichever page it sorts to", async ({ page }) => {
  // A long flow with three accessibility checks: more than the default 45 s on a busy CI machine.
  test.setTimeout(90_000);
  const label = uniqueLabel("hprem");
  // More than a page (50) of premium names sort before the new one.
  const removeFillers = await insertPremiumNames(uniqueLabel("aprem"), 51);
  await signInAsAdmin(page);
  await page.goto("/admin/premium");
  await expect(page.getByRole("heading", { name: "Premium Domain Management" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Premium domain pages" })).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Add Premium Domain" }).click();
  const add = page.getByRole("dialog", { name: "Add Premium Domain" });
  await add.getByRole("button", { name: "Add Domain" }).click();
  await expect(toast(page, "Validation Error")).toContainText("Domain name is required");
  await add.getByLabel("Domain Name").fill("två ord");
  await add.getByLabel("Price (SEK)").fill("-5");
  await add.getByRole("button", { name: "Add Domain" }).click();
  await expect(add.getByText("Price cannot be negative")).toBeVisible();
  await expect(add.getByText(/no spaces/)).toBeVisible();
  await expectNoAxeViolations(page, { include: "[role=dialog]" });

  await add.getByLabel("Domain Name").fill(label);
  await add.getByPlaceholder("se").fill("nu");
  await add.getByLabel("Price (SEK)").fill("25 000");
  await add.getByLabel("Description").fill("Ett kort namn.");
  await add.getByRole("button", { name: "Add Domain" }).click();
  await expect(toast(page, "Premium domain added successfully")).toBeVisible();
  await expect(add).toBeHidden();

  // The list is searched for the new name, so it is in view without paging.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${label}\\.nu(&|$)`));
  await expect(page.getByRole("search", { name: "Search premium domains" }).getByRole("searchbox", { name: "Search" })).toHaveValue(
    `${label}.nu`,
  );
  const row = page.locator(`[data-domain="${label}.nu"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText("25000 SEK");
  await expect(row).toContainText("Ett kort namn.");

  await row.getByRole("button", { name: `Edit ${label}.nu` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Premium Domain" });
  await edit.getByLabel("Price (SEK)").fill("");
  await edit.getByLabel("Description").fill("");
  await edit.getByRole("button", { name: "Update Domain" }).click();
  await expect(toast(page, "Premium domain updated successfully")).toBeVisible();
  await expect(row).toContainText("Contact us");
  await expect(row).toContainText("No description");

  await row.getByRole("button", { name: `Delete ${label}.nu` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Are you sure you want to delete ${label}.nu?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Premium domain deleted successfully")).toBeVisible();
  await expect(page.locator(`[data-domain="${label}.nu"]`)).toHaveCount(0);
  await expect(page.getByText(`No premium domains match “${label}.nu”.`)).toBeVisible();
  const left = await withServerDb((client) => client.query(`select 1 from domains where name = $1`, [`${label}.nu`]));
  expect(left.rowCount).toBe(0);
  await removeFillers();
});

// axe runs inside the page, so it cannot run here; the tab and its search box are checked with JavaScript above.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the premium search is a form on the server, and paging keeps it", async ({ page }) => {
    const prefix = uniqueLabel("sprem");
    const removeNames = await insertPremiumNames(prefix, 51);
    await signInAsAdmin(page);
    await page.goto("/admin/premium");
    const search = page.getByRole("search", { name: "Search premium domains" });
    await search.getByRole("searchbox", { name: "Search" }).fill(prefix.toUpperCase());
    await search.getByRole("searchbox", { name: "Search" }).press("Enter");

    await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix.toUpperCase()}(&|$)`));
    await expect(search).toContainText(`51 premium domains matching “${prefix.toUpperCase()}”.`);
    const rows = page.getByRole("table", { name: "Premium domains" }).locator("tbody tr");
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toHaveAttribute("data-domain", `${prefix}01.se`);

    await page.getByRole("navigation", { name: "Premium domain pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix.toUpperCase()}&page=2`));
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-domain", `${prefix}51.se`);
    await expect(search.getByRole("searchbox", { name: "Search" })).toHaveValue(prefix.toUpperCase());

    // One character does not filter, and says so.
    await search.getByRole("searchbox", { name: "Search" }).fill("s");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(search).toContainText("Type at least 2 characters to search.");
    await search.getByRole("link", { name: "Show all" }).click();
    await expect(page).toHaveURL(/\/admin\/premium$/);
    await expect(search.getByRole("searchbox", { name: "Search" })).toHaveValue("");
    await removeNames();
  });
});

test("the users tab lists accounts and lets an admin grant the admin role, never their own", async ({ page }) => {
  const other = await createSignedInE2eUser(page);
  await page.context().clearCookies();
  await signInAsAdmin(page);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "Registered Users" })).toBeVisible();
  await expectNoAxeViolations(page);
  const own = page.locator(`[data-user="${ADMIN_EMAIL}"]`);
  await expect(own).toContainText("(you)");
  await expect(own.getByRole("button")).toHaveCount(0);

  const row = page.locator(`[data-user="${other.email}"]`);
  await expect(row).toContainText(other.email.split("@")[0]);
  await row.getByRole("button", { name: `Make admin ${other.email}` }).click();
  await expect(toast(page, "The user is now an administrator")).toBeVisible();
  await expect(row.getByRole("button", { name: `Remove admin ${other.email}` })).toBeVisible();
  const roles = await withServerDb((client) => client.query<{ role: string }>(`select role from "user" where email = $1`, [other.email]));
  expect(roles.rows[0].role).toBe("admin");
});
