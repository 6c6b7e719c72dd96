import { type Page } from "@playwright/test";
import ICAL from "ical.js";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { waitForHydration } from "~tests/e2e/support/hydration";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { createE2eUser, createSignedInE2eUser, fillLogin } from "~tests/e2e/support/users";

const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 4173}`;

const savedCard = (page: Page, name: string) =>
  page.getByTestId("saved-search").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** The view "Visa sökningen" opens: the saved view, marking the names new to the search (?sparad=). */
const openedView = (view: string) => new RegExp(`${view.replace(/[.?*+^$()[\]{}|\\]/g, "\\$&")}&sparad=[\\w-]+$`);

/** Toasts fade in and out; axe reads their colours mid-animation, so let them go first. */
async function waitForToastsToClose(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

test("save a filtered view, see its matches and the names new since the last visit on /account, open it, and read both its feeds", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const prefix = uniqueLabel("spar");
  await insertE2eDomain(`${prefix}a.se`, { status: "soonavailable", releaseInDays: 5 });
  await insertE2eDomain(`${prefix}b.nu`, { status: "soonavailable", releaseInDays: 5 });
  await createSignedInE2eUser(page);

  const view = `/soon-available?tld=se&borjar=${prefix}`;
  await page.goto(view);
  await waitForHydration(page);
  await page.getByTestId("save-search").getByText("Spara sökning").click();
  const name = page.getByRole("textbox", { name: "Namn på sökningen" });
  await expect(name).toHaveValue(`Snart lediga domäner: Endast .se, Börjar med ”${prefix}”`);
  await name.fill(`Mina ${prefix}`);
  await page.getByRole("button", { name: "Spara", exact: true }).click();
  await expect(page.getByText("Sökningen är sparad")).toBeVisible();
  await expect(page).toHaveURL(view);

  await page.goto("/account?tab=searches");
  const card = savedCard(page, `Mina ${prefix}`);
  await expect(card).toContainText(`Snart lediga domäner · Endast .se · Börjar med ”${prefix}”`);
  await expect(card.getByTestId("saved-search-counts")).toHaveText("1 träff · inga nya sedan ditt senaste besök");
  await waitForToastsToClose(page);
  await expectNoAxeViolations(page);

  // A matching name arrives (as the night's import writes it), and one that does not match.
  await insertE2eDomain(`${prefix}c.se`, { status: "soonavailable", releaseInDays: 9 });
  await insertE2eDomain(`${prefix}d.nu`, { status: "soonavailable", releaseInDays: 9 });
  await page.reload();
  await expect(card.getByTestId("saved-search-counts")).toHaveText("2 träffar · 1 ny sedan ditt senaste besök");

  // The Atom feed: valid Atom, the view's names, newest first.
  const atomUrl = (await card.getByRole("link", { name: /^Atom-flöde/ }).getAttribute("href"))!;
  expect(atomUrl).toMatch(/\/feeds\/saved\/[A-Za-z0-9_-]{43}\.atom$/);
  const atom = await page.request.get(atomUrl);
  expect(atom.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  const parsed = await page.evaluate(
    (xml) => {
      const document = new DOMParser().parseFromString(xml, "application/xml");
      const ATOM = "http://www.w3.org/2005/Atom";
      return {
        error: document.getElementsByTagName("parsererror").length > 0,
        root: `${document.documentElement.namespaceURI} ${document.documentElement.localName}`,
        title: document.documentElement.getElementsByTagNameNS(ATOM, "title")[0]?.textContent,
        entries: [...document.getElementsByTagNameNS(ATOM, "entry")].map(
          (entry) => entry.getElementsByTagNameNS(ATOM, "title")[0]?.textContent,
        ),
      };
    },
    await atom.text(),
  );
  expect(parsed).toEqual({
    error: false,
    root: "http://www.w3.org/2005/Atom feed",
    title: expect.stringContaining(`Mina ${prefix}`),
    entries: [`${prefix}c.se`, `${prefix}a.se`],
  });

  // The calendar: valid iCalendar, each name's release at 04:00 UTC.
  const calendarUrl = (await card.getByRole("link", { name: /^Kalender \(iCal\)/ }).getAttribute("href"))!;
  const ics = await page.request.get(calendarUrl);
  expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const calendar = new ICAL.Component(ICAL.parse(await ics.text()));
  const events = calendar.getAllSubcomponents("vevent").map((event) => new ICAL.Event(event));
  expect(events.map((event) => event.summary)).toEqual([`${prefix}a.se släpps`, `${prefix}c.se släpps`]);
  for (const event of events) expect(event.startDate.toJSDate().toISOString()).toMatch(/T04:00:00\.000Z$/);

  // Opening the search shows its view with the new name marked; shown, it is no longer new.
  await card.getByRole("button", { name: "Visa sökningen" }).click();
  await expect(page).toHaveURL(openedView(view));
  await expect(page.getByTestId("opened-search")).toHaveText(
    `Sparad sökning: Mina ${prefix}. Domäner som är nya sedan ditt senaste besök är märkta Ny.`,
  );
  await expect(page.locator("main article[data-domain]")).toHaveCount(2);
  await expect(page.locator("main article[data-new]")).toHaveCount(1);
  await expect(page.locator(`main article[data-domain="${prefix}c.se"]`).getByText("Ny", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/account?tab=searches");
  await expect(card.getByTestId("saved-search-counts")).toHaveText("2 träffar · inga nya sedan ditt senaste besök");
  // The next visit marks nothing: every name was shown.
  await card.getByRole("button", { name: "Visa sökningen" }).click();
  await expect(page.locator("main article[data-domain]")).toHaveCount(2);
  await expect(page.locator("main article[data-new]")).toHaveCount(0);
  await page.goto("/account?tab=searches");

  // New addresses, after a question that takes the focus: the old ones stop working. Then the search goes, with its feeds.
  await card.getByRole("button", { name: /^Nya flödesadresser/ }).click();
  const question = card.getByRole("group", { name: `Skapa nya flödesadresser för ”Mina ${prefix}”?` });
  await expect(question).toBeFocused();
  await expect(question).toContainText("De nuvarande adresserna slutar fungera direkt");
  await expectNoAxeViolations(page);
  expect((await page.request.get(atomUrl)).status()).toBe(200);
  await page.keyboard.press("Tab");
  await expect(question.getByRole("button", { name: "Ja, skapa nya adresser" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Nya flödesadresser skapade")).toBeVisible();
  await expect(card.getByRole("button", { name: /^Nya flödesadresser/ })).toBeFocused();
  expect((await page.request.get(atomUrl)).status()).toBe(404);
  expect((await page.request.get(calendarUrl)).status()).toBe(404);
  const renewedAtom = (await card.getByRole("link", { name: /^Atom-flöde/ }).getAttribute("href"))!;
  expect((await page.request.get(renewedAtom)).status()).toBe(200);
  await card.getByRole("button", { name: /^Ta bort/ }).click();
  await card.getByRole("group", { name: `Ta bort ”Mina ${prefix}”?` }).getByRole("button", { name: "Ja, ta bort" }).click();
  await expect(page.getByText("Sökningen är borttagen")).toBeVisible();
  await expect(page.getByText("Du har inga sparade sökningar ännu")).toBeVisible();
  expect((await page.request.get(renewedAtom)).status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor is asked to sign in and comes back to the view; the form then saves it", async ({ page }) => {
    const prefix = uniqueLabel("sparnojs");
    await insertE2eDomain(`${prefix}.se`, { status: "available" });
    const user = await createE2eUser();
    const view = `/available?min=3&borjar=${prefix}`;
    await page.goto(view);
    await page.getByRole("link", { name: "Logga in för att spara sökningen" }).click();
    await fillLogin(page, user.email, user.password);
    await expect(page).toHaveURL(view);

    await page.getByTestId("save-search").getByText("Spara sökning").click();
    await page.getByRole("button", { name: "Spara", exact: true }).click();
    await expect(page).toHaveURL(view);
    await page.goto("/account?tab=searches");
    const card = savedCard(page, `Tillgängliga för registrering: Minst 3 tecken, Börjar med ”${prefix}”`);
    await expect(card.getByTestId("saved-search-counts")).toHaveText("1 träff · inga nya sedan ditt senaste besök");
    await card.getByRole("button", { name: "Visa sökningen" }).click();
    await expect(page).toHaveURL(openedView(view));
  });

  test("two searches under one name get titles that tell them apart; deleting one asks first, and Avbryt keeps it", async ({ page }) => {
    const prefix = uniqueLabel("sparnamn");
    await createSignedInE2eUser(page);
    for (const view of [`tld=se&borjar=${prefix}`, `borjar=${prefix}`]) {
      const saved = await page.request.post("/account/searches", {
        form: { intent: "save", list: "available", view, name: "Bilar" },
        headers: { origin: ORIGIN },
      });
      expect(saved.ok()).toBe(true);
    }
    await page.goto("/account?tab=searches");
    const narrow = savedCard(page, "Bilar (Endast .se)");
    const wide = savedCard(page, "Bilar (utan filtret Endast .se)");
    await expect(narrow.getByRole("link", { name: "Atom-flöde för Bilar (Endast .se)" })).toBeVisible();
    await expect(wide.getByRole("link", { name: "Kalender (iCal) för Bilar (utan filtret Endast .se)" })).toBeVisible();

    await narrow.getByRole("button", { name: "Ta bort Bilar (Endast .se)" }).click();
    await expect(page).toHaveURL(/[?&]bekrafta=ta-bort&sokning=/);
    await expect(narrow.getByRole("group", { name: "Ta bort ”Bilar (Endast .se)”?" })).toContainText("Det går inte att ångra.");
    await narrow.getByRole("link", { name: "Avbryt" }).click();
    await expect(page.getByTestId("saved-search")).toHaveCount(2);
    await expect(page.getByTestId("saved-search-confirm")).toHaveCount(0);

    await narrow.getByRole("button", { name: /^Ta bort/ }).click();
    await narrow.getByRole("button", { name: "Ja, ta bort" }).click();
    await expect(page).toHaveURL(/\/account\?tab=searches$/);
    await expect(page.getByTestId("saved-search")).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Bilar", exact: true })).toBeVisible();
  });
});
