import { readFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { linkIn, mailsTo, waitForMail } from "~tests/e2e/support/mailbox";
import { withServerDb } from "~tests/e2e/support/server-db";
import { createE2eUser, createSignedInE2eUser, fillLogin, signInE2e, uniqueEmail } from "~tests/e2e/support/users";
import { waitForToastsToClose } from "~tests/e2e/admin/admin-session";

// "Glömt lösenordet?", Byt lösenord, Radera mitt konto, Ladda ner mina uppgifter and common
// passwords, the way a person uses them; mail goes over SMTP to the e2e server's test peer.

const NEW_PASSWORD = "ny-lång-fras-7";
const COMMON_MESSAGE = "Lösenordet är för vanligt – välj ett annat";

/** Another browser (another device) signed in to the same account: its own cookie jar. */
async function otherDevice(browser: Browser, user: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "sv-SE" });
  const page = await context.newPage();
  await signInE2e(page, user);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Mitt konto" })).toBeVisible();
  return page;
}

/** Whether that browser is still signed in: /account sends a visitor to /auth. */
async function expectSignedOut(page: Page) {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount$/);
}

test("Glömt lösenordet?: the mailed link sets a new password once, refuses a common one and signs out every device", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = await createE2eUser();
  const phone = await otherDevice(browser, user);

  await page.goto("/auth");
  await page.getByRole("link", { name: "Glömt lösenordet?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Glömt lösenordet?" })).toBeVisible();
  await expectNoAxeViolations(page);

  // An unknown address gets the same answer, and no mail.
  const form = page.getByRole("form", { name: "Återställ lösenord" });
  const stranger = uniqueEmail("okand");
  await form.getByLabel("E-post", { exact: true }).fill(stranger);
  await form.getByRole("button", { name: "Skicka länk" }).click();
  const notice = page.getByRole("status").filter({ hasText: "Kontrollera din e-post" });
  await expect(notice).toContainText("Om adressen hör till ett konto har vi skickat ett mejl");
  const answerForStranger = await notice.textContent();

  await page.goto("/auth/forgot-password");
  await page.getByRole("form", { name: "Återställ lösenord" }).getByLabel("E-post", { exact: true }).fill(user.email);
  await page.getByRole("button", { name: "Skicka länk" }).click();
  await expect(notice).toContainText("Länken gäller i en timme");
  expect(await notice.textContent()).toBe(answerForStranger);
  await expectNoAxeViolations(page);

  const mail = await waitForMail(user.email, "Återställ ditt lösenord – Snart lediga");
  const link = linkIn(mail, `${new URL(page.url()).origin}/auth/reset-password?token=`);
  expect(await mailsTo(stranger)).toEqual([]);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Välj nytt lösenord" })).toBeVisible();
  const reset = page.getByRole("form", { name: "Välj nytt lösenord" });
  await reset.getByLabel("Nytt lösenord", { exact: true }).fill("Password1");
  await reset.getByLabel("Bekräfta nytt lösenord").fill("Password1");
  await reset.getByRole("button", { name: "Spara nytt lösenord" }).click();
  await expect(reset.getByLabel("Nytt lösenord", { exact: true })).toHaveAccessibleDescription(new RegExp(COMMON_MESSAGE));
  await expectNoAxeViolations(page);

  await reset.getByLabel("Nytt lösenord", { exact: true }).fill(NEW_PASSWORD);
  await reset.getByLabel("Bekräfta nytt lösenord").fill(NEW_PASSWORD);
  await reset.getByRole("button", { name: "Spara nytt lösenord" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Lösenordet är bytt")).toBeVisible();

  // Every session of the account ended: the other device is signed out.
  await expectSignedOut(phone);
  await phone.context().close();

  // The link is spent.
  await page.goto(link);
  await expect(page.getByRole("alert").filter({ hasText: "Länken fungerar inte" })).toContainText("Be om en ny länk");

  await page.goto("/auth");
  await fillLogin(page, user.email, user.password);
  await expect(page.getByRole("alert").filter({ hasText: "Inloggning misslyckades" })).toContainText("Fel e-postadress eller lösenord.");
  await fillLogin(page, user.email, NEW_PASSWORD);
  await expect(page.getByText("Du är nu inloggad!")).toBeVisible();
  expect((await waitForMail(user.email, "Ditt lösenord är bytt – Snart lediga")).text).toContain("/auth/forgot-password");
});

test("Byt lösenord on /account ends the sessions on other devices and keeps this one", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = await createSignedInE2eUser(page);
  const laptop = await otherDevice(browser, user);

  await page.goto("/account?tab=profile");
  const form = page.getByRole("form", { name: "Byt lösenord" });
  await form.getByLabel("Nuvarande lösenord").fill("fel-lösen-1");
  await form.getByLabel("Nytt lösenord", { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel("Bekräfta nytt lösenord").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Byt lösenord" }).click();
  await expect(form.getByLabel("Nuvarande lösenord")).toHaveAccessibleDescription("Lösenordet stämmer inte.");
  await expectNoAxeViolations(page);

  await form.getByLabel("Nuvarande lösenord").fill(user.password);
  await form.getByLabel("Nytt lösenord", { exact: true }).fill("qwerty123");
  await form.getByLabel("Bekräfta nytt lösenord").fill("qwerty123");
  await form.getByRole("button", { name: "Byt lösenord" }).click();
  await expect(form.getByLabel("Nytt lösenord", { exact: true })).toHaveAccessibleDescription(new RegExp(COMMON_MESSAGE));
  // Nothing changed yet: the other device is still signed in.
  await laptop.goto("/account");
  await expect(laptop.getByRole("heading", { name: "Mitt konto" })).toBeVisible();

  await form.getByLabel("Nuvarande lösenord").fill(user.password);
  await form.getByLabel("Nytt lösenord", { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel("Bekräfta nytt lösenord").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Byt lösenord" }).click();
  await expect(page.getByText("Du har loggats ut på alla andra enheter.")).toBeVisible();

  await expectSignedOut(laptop);
  await laptop.context().close();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Mitt konto" })).toBeVisible();
  await waitForMail(user.email, "Ditt lösenord är bytt – Snart lediga");
});

test("Ladda ner mina uppgifter gives a JSON file; Radera mitt konto removes everything and signs out", async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createSignedInE2eUser(page);
  const domain = await insertE2eDomain(`${uniqueLabel("radera")}.se`, { status: "soonavailable", releaseInDays: 9 });
  const token = randomBytes(32).toString("base64url");
  const userId = await withServerDb(async (client) => {
    const { rows } = await client.query<{ id: string }>(`select id from "user" where email = $1`, [user.email]);
    await client.query(`insert into bookmarks (user_id, domain_name) values ($1, $2)`, [rows[0].id, domain.ace]);
    await client.query(`insert into calendar_feeds (user_id, token) values ($1, $2)`, [rows[0].id, token]);
    return rows[0].id;
  });
  expect((await page.request.get(`/calendar/${token}.ics`)).status()).toBe(200);

  await page.goto("/account?tab=profile");
  await expectNoAxeViolations(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Ladda ner mina uppgifter" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mina-uppgifter-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(exported.account.email).toBe(user.email);
  expect(exported.bookmarks.map((row: { domain: string }) => row.domain)).toEqual([domain.unicode]);
  expect(exported.calendarFeed.active).toBe(true);
  expect(JSON.stringify(exported)).not.toContain(token);
  await expect(page).toHaveURL(/\/account\?tab=profile$/);

  const form = page.getByRole("form", { name: "Radera kontot" });
  await expect(page.getByRole("region", { name: "Radera kontot" })).toContainText("Det går inte att ångra.");
  await form.getByLabel("Ditt lösenord").fill("fel-lösen-1");
  await form.getByRole("button", { name: "Radera mitt konto för gott" }).click();
  await expect(form.getByLabel("Ditt lösenord")).toHaveAccessibleDescription("Lösenordet stämmer inte.");

  await form.getByLabel("Ditt lösenord").fill(user.password);
  await form.getByRole("button", { name: "Radera mitt konto för gott" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Ditt konto och allt vi sparat om det är borttaget.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Logga in" }).first()).toBeVisible();
  await waitForToastsToClose(page);
  await expectNoAxeViolations(page);

  const left = await withServerDb((client) =>
    client.query<{ n: number }>(
      `select (select count(*) from "user" where id = $1) + (select count(*) from session where user_id = $1)
            + (select count(*) from account where user_id = $1) + (select count(*) from bookmarks where user_id = $1)
            + (select count(*) from calendar_feeds where user_id = $1) + (select count(*) from verification where value = $1) as n`,
      [userId],
    ),
  );
  expect(Number(left.rows[0].n)).toBe(0);
  expect((await page.request.get(`/calendar/${token}.ics`)).status()).toBe(404);
  await page.goto("/auth");
  await fillLogin(page, user.email, user.password);
  await expect(page.getByRole("alert").filter({ hasText: "Inloggning misslyckades" })).toContainText("Fel e-postadress eller lösenord.");
});

test("registering with one of the most common passwords is refused on the field, and no account is made", async ({ page }) => {
  const email = uniqueEmail("vanlig");
  await page.goto("/auth?tab=register");
  const register = page.getByRole("form", { name: "Registrera" });
  await register.getByLabel("E-post", { exact: true }).fill(email);
  await register.getByLabel("Lösenord", { exact: true }).fill("iloveyou");
  await register.getByLabel("Bekräfta lösenord").fill("iloveyou");
  await register.getByRole("button", { name: "Skapa konto" }).click();
  await expect(register.getByLabel("Lösenord", { exact: true })).toHaveAccessibleDescription(new RegExp(COMMON_MESSAGE));
  await expect(register.getByLabel("E-post", { exact: true })).toHaveValue(email);
  await expectNoAxeViolations(page);
  const rows = await withServerDb((client) => client.query(`select 1 from "user" where email = $1`, [email]));
  expect(rows.rowCount).toBe(0);
});
