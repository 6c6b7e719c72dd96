import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";
import { openUserMenu } from "~tests/e2e/support/user-menu";
import { confirmationLinkFor, createE2eUser, createSignedInE2eUser, E2E_PASSWORD, fillLogin, uniqueEmail } from "~tests/e2e/support/users";

/** The two links above /auth's form that choose it. */
const formChoice = (page: Page, name: "Logga in" | "Registrera") =>
  page.getByRole("navigation", { name: "Logga in eller registrera dig" }).getByRole("link", { name, exact: true });

/** Toasts fade in and out; axe reads their colours mid-animation, so let them go first. */
async function waitForToastsToClose(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

test("register, confirm by mail, log in, bookmark from a card and a domain page, see them in Mina bokmärken, log out", async ({ page }) => {
  // A whole account's life in one flow, with an accessibility check on every page it visits.
  test.setTimeout(90_000);
  const email = uniqueEmail("ny");
  const label = uniqueLabel("bevaka");
  const fromCard = await insertE2eDomain(`${label}a.se`, { status: "soonavailable", releaseInDays: 20 });
  const fromPage = await insertE2eDomain(`${label}b.nu`, { status: "soonavailable", releaseInDays: 30 });

  await page.goto("/auth?tab=register");
  await expect(formChoice(page, "Registrera")).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);
  const register = page.getByRole("form", { name: "Registrera" });
  await register.getByLabel("E-post", { exact: true }).fill(email);
  await register.getByLabel("Lösenord", { exact: true }).fill(E2E_PASSWORD);
  await register.getByLabel("Bekräfta lösenord").fill(E2E_PASSWORD);
  await register.getByRole("button", { name: "Skapa konto" }).click();
  await expect(page.getByText("Registrering lyckades")).toBeVisible();
  await expect(page.getByText("Kontrollera din e-post för att bekräfta ditt konto!")).toBeVisible();

  // Not confirmed yet: signing in is refused with a way to get a new link.
  await fillLogin(page, email, E2E_PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: "Inloggning misslyckades" })).toContainText("bekräfta din e-postadress");
  await expect(page.getByRole("button", { name: "Skicka nytt bekräftelsemejl" })).toBeVisible();

  // The confirmation mail is in the outbox; its link confirms and signs in.
  await page.goto(await confirmationLinkFor(email));
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("E-postadressen är bekräftad")).toBeVisible();
  // The toast keeps clear of the header and its navigation.
  const toasts = page.locator("[data-sonner-toast]");
  const signedInBox = (await toasts.filter({ hasText: "Du är nu inloggad!" }).boundingBox())!;
  for (const [what, box] of [
    ["header", await page.locator("body > header").boundingBox()],
    ["navigation", await page.getByRole("navigation", { name: "Huvudmeny" }).boundingBox()],
  ] as const) {
    expect(signedInBox.y >= box!.y + box!.height || signedInBox.y + signedInBox.height <= box!.y, `the toast covers the ${what}`).toBe(true);
  }
  await (await openUserMenu(page, email)).getByRole("menuitem", { name: "Logga ut" }).click();
  await expect(page.getByText("Du har loggat ut")).toBeVisible();
  // Signing out replaces the sign-in toast.
  await expect(toasts).toHaveCount(1);
  await expect(page.getByText("Du är nu inloggad!")).toHaveCount(0);

  // Log in again through the form, coming back to the page that asked for it.
  await page.goto(`/auth?redirectTo=${encodeURIComponent(fromPage.path)}`);
  await fillLogin(page, email, E2E_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${fromPage.path.replace(/[.%]/g, "\\$&")}$`));
  await expect(page.getByText("Du är nu inloggad!")).toBeVisible();

  // From the domain page.
  const pageToggle = page.getByRole("button", { name: `Bevaka ${fromPage.unicode}` });
  await expect(pageToggle).toHaveAttribute("aria-pressed", "false");
  await pageToggle.click();
  await expect(page.getByText(`Du bevakar nu ${fromPage.unicode}. Den finns under Mina bokmärken.`)).toBeVisible();
  await expect(page.getByRole("button", { name: `Sluta bevaka ${fromPage.unicode}` })).toHaveAttribute("aria-pressed", "true");

  // From a card in a list.
  await page.goto(`/search/${label}`);
  await page.getByRole("button", { name: `Bevaka ${fromCard.unicode}` }).click();
  await expect(page.getByText(`Du bevakar nu ${fromCard.unicode}. Den finns under Mina bokmärken.`)).toBeVisible();

  // Someone registers one of them meanwhile: the account page shows the real status.
  await withServerDb((client) => client.query(`update domains set status = 'registered' where name = $1`, [fromCard.ace]));
  await (await openUserMenu(page, email)).getByRole("menuitem", { name: "Mina bokmärken" }).click();
  await expect(page).toHaveURL(/\/account\?tab=bookmarks$/);
  const grid = page.getByRole("list", { name: "Mina bokmärken" });
  await expect(grid.getByRole("listitem")).toHaveCount(2);
  await expect(grid.getByRole("listitem").filter({ hasText: fromCard.unicode })).toContainText("Registrerad");
  await expect(grid.getByRole("listitem").filter({ hasText: fromPage.unicode })).toContainText("Snart tillgänglig");
  await waitForToastsToClose(page);
  await expectNoAxeViolations(page);

  // The private calendar feed: create, fetch, revoke.
  await page.getByRole("button", { name: "Skapa kalenderadress" }).click();
  const feedUrl = await page.getByLabel("Din kalenderadress").inputValue();
  expect(feedUrl).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const feed = await page.request.get(feedUrl);
  expect(feed.status()).toBe(200);
  const ics = await feed.text();
  expect(ics).toContain(`SUMMARY:${fromPage.unicode} släpps\r\n`);
  expect(ics).toContain(`DTSTART:${fromPage.releaseDate!.replace(/-/g, "")}T040000Z\r\n`);
  expect(ics).not.toContain(`${fromCard.unicode} släpps`);
  await page.getByRole("button", { name: "Ta bort kalenderadressen" }).click();
  await expect(page.getByRole("button", { name: "Skapa kalenderadress" })).toBeVisible();
  expect((await page.request.get(feedUrl)).status()).toBe(404);

  // Profile tab and logout from the account page.
  await page.getByRole("tab", { name: "Profil" }).click();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByText(/^\d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await waitForToastsToClose(page);
  await expectNoAxeViolations(page);
  await page.getByRole("main").getByRole("button", { name: "Logga ut" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Du har loggat ut")).toBeVisible();
  await expect(page.getByRole("link", { name: "Logga in" }).first()).toBeVisible();
});

test("the signed-in header menu shows the e-mail, Inloggad, the links, and Backoffice only to admins", async ({ page }) => {
  const user = await createSignedInE2eUser(page);
  await page.goto("/");
  let menu = await openUserMenu(page, user.email);
  await expect(menu).toContainText(user.email);
  await expect(menu).toContainText("Inloggad");
  await expect(menu.getByRole("menuitem", { name: "Mitt konto" })).toHaveAttribute("href", "/account");
  await expect(menu.getByRole("menuitem", { name: "Mina bokmärken" })).toHaveAttribute("href", "/account?tab=bookmarks");
  await expect(menu.getByRole("menuitem", { name: "Sparade sökningar" })).toHaveAttribute("href", "/account?tab=searches");
  await expect(menu.getByRole("menuitem", { name: "Backoffice" })).toHaveCount(0);
  // While the menu is open Radix hides the rest of the page from assistive technology; check the menu itself.
  await expectNoAxeViolations(page, { include: "[role=menu]" });
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expectNoAxeViolations(page);

  await withServerDb((client) => client.query(`update "user" set role = 'admin' where email = $1`, [user.email]));
  await page.reload();
  menu = await openUserMenu(page, user.email);
  await expect(menu.getByRole("menuitem", { name: "Backoffice" })).toHaveAttribute("href", "/admin");
});

test("a visitor who presses a bookmark button gets the login dialog", async ({ page }) => {
  const label = uniqueLabel("besok");
  const domain = await insertE2eDomain(`${label}.se`, { status: "soonavailable", releaseInDays: 12 });
  await page.goto(`/search/${label}`);
  await page.getByRole("button", { name: `Bevaka ${domain.unicode}` }).click();
  const dialog = page.getByRole("dialog", { name: "Logga in för att bevaka domäner" });
  await expect(dialog).toContainText("Du behöver logga in för att kunna bevaka domäner. De du bevakar samlas under Mina bokmärken.");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Avbryt" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: `Bevaka ${domain.unicode}` }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Logga in" }).click();
  await expect(page).toHaveURL(new RegExp(`/auth\\?redirectTo=${encodeURIComponent(`/search/${label}`)}$`));
  // The API itself refuses a visitor.
  const api = await page.request.post("/api/bookmarks", { form: { domainName: domain.unicode, intent: "add" }, headers: { origin: new URL(page.url()).origin } });
  expect(api.status()).toBe(401);
});

test("a failed bookmark update shows the failure toast and puts the button back", async ({ page }) => {
  await createSignedInE2eUser(page);
  const label = uniqueLabel("fel");
  const domain = await insertE2eDomain(`${label}.se`, { status: "soonavailable", releaseInDays: 15 });
  await page.goto(`/search/${label}`);
  const toggle = page.getByRole("button", { name: `Bevaka ${domain.unicode}` });

  await page.route("**/api/bookmarks", (route) => route.fulfill({ status: 500, body: "Internal Server Error" }));
  await toggle.click();
  await expect(page.getByText("Kunde inte uppdatera bevakningen.")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");

  await page.route("**/api/bookmarks", (route) => route.abort("internetdisconnected"));
  await toggle.click();
  await expect(page.getByText("Kunde inte uppdatera bevakningen.").first()).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  const stored = await withServerDb((client) => client.query(`select 1 from bookmarks where domain_name = $1`, [domain.ace]));
  expect(stored.rowCount).toBe(0);
});

test("/account and /admin send a visitor away", async ({ page }) => {
  await page.goto("/account?tab=bookmarks");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount%3Ftab%3Dbookmarks$/);
  const admin = await page.goto("/admin");
  // The backoffice may not be built yet; once it is, a visitor must end up on /.
  if (admin?.status() !== 404) await expect(page).not.toHaveURL(/\/admin$/);
});

test("the forms show their field errors and login failures on the page", async ({ page }) => {
  await page.goto("/auth?tab=register");
  const register = page.getByRole("form", { name: "Registrera" });
  await register.getByRole("button", { name: "Skapa konto" }).click();
  await expect(register.getByText("Ange en giltig e-postadress")).toBeVisible();
  await expect(register.getByText("Lösenordet måste vara minst 8 tecken").first()).toBeVisible();
  await expect(register.getByLabel("E-post", { exact: true })).toBeFocused();
  await register.getByLabel("E-post", { exact: true }).fill("ny@example.se");
  await register.getByLabel("Lösenord", { exact: true }).fill("hemlig-fras-8");
  await register.getByLabel("Bekräfta lösenord").fill("hemlig-fras-9");
  await register.getByRole("button", { name: "Skapa konto" }).click();
  await expect(register.getByLabel("Bekräfta lösenord")).toHaveAccessibleDescription("Lösenorden matchar inte");
  await expectNoAxeViolations(page);

  const user = await createE2eUser(page.request);
  await formChoice(page, "Logga in").click();
  await fillLogin(page, user.email, "fel-lösenord");
  const failure = page.getByRole("alert").filter({ hasText: "Inloggning misslyckades" });
  await expect(failure).toContainText("Fel e-postadress eller lösenord.");
  await expectNoAxeViolations(page);
});

test("the Logga in / Registrera links switch the form without reloading the page", async ({ page }) => {
  await page.goto("/auth");
  // The toaster's region is mounted by an effect after hydration.
  await expect(page.locator("section[aria-label^='Notifications']")).toBeAttached();
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await expect(formChoice(page, "Logga in")).toHaveAttribute("aria-current", "page");

  await formChoice(page, "Registrera").click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(page.getByRole("form", { name: "Registrera" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Logga in" })).toHaveCount(0);
  await expect(formChoice(page, "Registrera")).toHaveAttribute("aria-current", "page");
  await expect(formChoice(page, "Logga in")).not.toHaveAttribute("aria-current");
  await expectNoAxeViolations(page);

  await formChoice(page, "Logga in").press("Enter");
  await expect(page).toHaveURL(/\/auth\?tab=login$/);
  await expect(page.getByRole("form", { name: "Logga in" })).toBeVisible();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
});

test.describe("before JavaScript loads", () => {
  test.use({ javaScriptEnabled: false });

  test("Registrera and Logga in are links: a click or the keyboard chooses the form", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("form", { name: "Logga in" })).toBeVisible();
    await formChoice(page, "Registrera").click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    await expect(page.getByRole("heading", { level: 1, name: "Skapa konto" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Registrera" })).toBeVisible();

    // From the heading, the Tab key reaches both links, in order, before the form's fields.
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("Tab");
    await expect(formChoice(page, "Logga in")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/auth\?tab=login$/);
    await expect(page.getByRole("form", { name: "Logga in" })).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(formChoice(page, "Registrera")).toBeFocused();
    // axe needs JavaScript in the page: the same markup is checked by the test above.
  });

  test("login and its server-side errors work as plain forms", async ({ page }) => {
    const user = await createE2eUser(page.request);
    await page.goto("/auth");
    await fillLogin(page, "inte-en-adress", "123");
    await expect(page.getByText("Ange en giltig e-postadress")).toBeVisible();
    await expect(page.getByText("Lösenordet måste vara minst 6 tecken")).toBeVisible();
    await fillLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/account");
    await expect(page.getByRole("heading", { name: "Mitt konto" })).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Logga ut" }).click();
    await expect(page.getByRole("link", { name: "Logga in" }).first()).toBeVisible();
  });
});
