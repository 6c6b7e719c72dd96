import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { formatLongDateSv } from "~/domain/format";
import { releaseInstant } from "~/domain/release-instant";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";
import { delegateE2eNames } from "~tests/e2e/support/zone-rows";

async function expectExternalLinksOpenInNewTab(page: Page) {
  const external = page.locator('main a[href^="http"]');
  expect(await external.count()).toBeGreaterThan(0);
  for (const link of await external.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
}

async function jsonLd(page: Page) {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? "null") as Record<string, unknown>;
}

test("a soon-available name shows its release date, a ticking countdown, registrars and the visitor bookmark dialog", async ({ page }) => {
  const domain = await insertE2eDomain(`${uniqueLabel("snart")}.se`, { status: "soonavailable", releaseInDays: 3 });
  // React reports a hydration mismatch (the countdown rendered from two clocks) as a console error.
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  const response = await page.goto(domain.path);
  expect(response?.status()).toBe(200);

  await expect(page.getByRole("heading", { level: 1, name: domain.unicode })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByText("Snart tillgänglig", { exact: true }).first()).toBeVisible();
  await expect(main.getByText(`${domain.length} tecken`)).toBeVisible();
  await expect(main.getByText(`Släpps ${formatLongDateSv(domain.releaseDate!)} (04:00 UTC)`)).toBeVisible();

  const timer = page.getByRole("timer", { name: "Tid kvar till släppet" });
  await expect(timer).toBeVisible();
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? "", { timeout: 2_000 });
  expect(consoleErrors).toEqual([]);

  await expect(page.getByRole("heading", { name: "Registrarer" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Loopia/ })).toHaveAttribute(
    "href",
    `https://www.loopia.se/domannamn/?q=${encodeURIComponent(domain.unicode)}`,
  );
  await expect(page.getByRole("link", { name: /Whois/ })).toHaveAttribute("href", `https://who.is/whois/${domain.ace}`);
  await expect(page.getByRole("link", { name: /Web Archive/ })).toHaveAttribute("href", `https://web.archive.org/web/*/${domain.ace}`);
  await expectExternalLinksOpenInNewTab(page);

  await page.getByRole("button", { name: "När blir" + ` ${domain.unicode} ledig?` }).click();
  await expect(
    page.getByText(`Domänen släpps ${formatLongDateSv(domain.releaseDate!)}, tidigast klockan 04:00 UTC.`, { exact: false }),
  ).toBeVisible();

  await expect(page).toHaveTitle(`${domain.unicode} – släpps ${formatLongDateSv(domain.releaseDate!)} | Snart lediga`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    new RegExp(`släpps ${formatLongDateSv(domain.releaseDate!)}`),
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`${domain.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(domain.unicode));
  expect(await jsonLd(page)).toMatchObject({ "@type": "WebPage", about: { name: domain.unicode } });
  await expectNoAxeViolations(page);

  // Other tests' names can show up among the similar names, each with its own toggle: press this page's.
  await page
    .getByRole("button", { name: `Bevaka ${domain.unicode}`, exact: true })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Logga in för att bevaka domäner" });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText("Du behöver logga in för att kunna bevaka domäner. De du bevakar samlas under Mina bokmärken."),
  ).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Logga in" })).toHaveAttribute("href", /^\/auth/);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Avbryt" }).click();
  await expect(dialog).toBeHidden();
});

test('the countdown turns into "Nu tillgänglig!" when the release time passes', async ({ page }) => {
  const domain = await insertE2eDomain(`${uniqueLabel("nedrakning")}.nu`, { status: "soonavailable", releaseInDays: 1 });
  const release = releaseInstant(domain.releaseDate!).getTime();
  // The page's clock starts a minute before the release (loading the page on a busy machine takes
  // seconds), is stopped 2 seconds before it, then moved on 3 seconds: the same steps every time.
  await page.clock.install({ time: release - 60_000 });
  await page.goto(domain.path);
  // The server rendered the countdown from its own clock (a day away); once the page's clock drives it
  // (hydrated, ticking) it is under a minute. Only then is the clock stopped: a loaded machine may be slow to hydrate.
  await expect(page.getByRole("timer")).toContainText(/0\s*dagar\s*0\s*timmar\s*[01]\s*minut/);
  await page.clock.pauseAt(release - 2_000);
  await expect(page.getByRole("timer")).toContainText(/0\s*dagar\s*0\s*timmar\s*0\s*minuter\s*[1-3]\s*sekund/);
  await page.clock.runFor(3_000);
  await expect(page.getByText("Nu tillgänglig!")).toBeVisible();
  await expect(page.getByRole("timer")).toHaveCount(0);
});

test("an available name shows since when, that it is unregistered, and registrar links", async ({ page }) => {
  const domain = await insertE2eDomain(`${uniqueLabel("ledig")}.se`, { status: "available", releaseInDays: -2 });
  await page.goto(domain.path);
  const block = page.getByRole("region", { name: "Tillgänglig för registrering" });
  await expect(block).toBeVisible();
  await expect(block.getByText(`Tillgänglig sedan ${formatLongDateSv(domain.releaseDate!)}`)).toBeVisible();
  await expect(block.getByText(/Domänen är inte registrerad/)).toBeVisible();
  for (const registrar of ["Loopia", "Binero", "One.com"])
    await expect(block.getByRole("link", { name: new RegExp(registrar) })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Vanliga frågor" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Bevaka ${domain.unicode}`, exact: true }).first()).toBeVisible();
  await expectExternalLinksOpenInNewTab(page);
  await expectNoAxeViolations(page);
});

test("a soon-available name whose release time has passed is shown as released, not yet checked, never as unregistered", async ({
  page,
}) => {
  const domain = await insertE2eDomain(`${uniqueLabel("slappt")}.se`, { status: "soonavailable", releaseInDays: -1 });
  await page.goto(domain.path);
  const block = page.getByRole("region", { name: "Släppt – inte kontrollerad ännu" });
  await expect(block).toBeVisible();
  await expect(block.getByText(`Släpptes ${formatLongDateSv(domain.releaseDate!)}`)).toBeVisible();
  await expect(page.getByText(/inte registrerad/)).toHaveCount(0);
  await expect(page.getByRole("timer")).toHaveCount(0);
  // Not on /available until a check has answered "free" for it.
  await page.goto(`/available?q=${domain.label}`);
  await expect(page.locator(`main article[data-domain="${domain.unicode}"]`)).toHaveCount(0);
});

test("a premium name shows its description, price, Utvald badge and the enquiry dialog", async ({ page }) => {
  const domain = await insertE2eDomain(`${uniqueLabel("premium")}.se`, {
    status: "premium",
    isFeatured: true,
    price: 25_000,
    description: "Ett kort namn för <b>ett</b> växande varumärke.",
  });
  await page.goto(domain.path);
  const block = page.getByRole("region", { name: "Premiumdomän till salu" });
  // Under the name, as for every status, and not again in the sale block.
  await expect(page.locator("article > header").getByText("Ett kort namn för <b>ett</b> växande varumärke.")).toBeVisible();
  await expect(block.getByText(/växande varumärke/)).toHaveCount(0);
  await expect(block.getByText(/25\s000\skr/)).toBeVisible();
  // The public site says "Utvald", as the cards do (it said "Highlighted").
  await expect(page.locator("main header").first().getByText("Utvald", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Vanliga frågor" })).toBeVisible();
  expect(await jsonLd(page)).toMatchObject({ mainEntity: { "@type": "Product", offers: { price: 25000, priceCurrency: "SEK" } } });
  await expectNoAxeViolations(page);
  await block.getByRole("button", { name: "Kontakta oss" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

for (const status of ["registered", "renewed"] as const) {
  test(`a ${status} name shows its date and note and can be watched, without FAQ`, async ({ page }) => {
    const domain = await insertE2eDomain(`${uniqueLabel(status)}.se`, { status, releaseInDays: -5, registrationInDays: -4 });
    await page.goto(domain.path);
    const title = status === "registered" ? "Registrerad" : "Förnyad";
    const block = page.getByRole("region", { name: title });
    await expect(block.getByText(`${title} ${formatLongDateSv(domain.registrationDate!)}`)).toBeVisible();
    await expect(block.getByText(/Titta gärna på liknande domäner/)).toBeVisible();
    // A taken name can be watched too: the hunter wants to know when it lapses.
    await expect(page.getByRole("button", { name: `Bevaka ${domain.unicode}`, exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Vanliga frågor" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test("an unlisted name has no status block", async ({ page }) => {
  const domain = await insertE2eDomain(`${uniqueLabel("dold")}.nu`, { status: "unlisted" });
  await page.goto(domain.path);
  await expect(page.getByRole("heading", { level: 1, name: domain.unicode })).toBeVisible();
  await expect(page.getByText("Ej listad", { exact: true })).toBeVisible();
  await expect(page.locator("#status-block")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a valid name the database does not know shows "Okänd status", its length, TLD and registrars', async ({ page }) => {
  const label = uniqueLabel("okänd");
  const response = await page.goto(`/d/${encodeURIComponent(`${label}.nu`)}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: `${label}.nu` })).toBeVisible();
  const block = page.getByRole("region", { name: "Okänd status" });
  await expect(block.getByText("Domänen hittades inte i databasen.")).toBeVisible();
  await expect(page.getByText(`${[...label].length} tecken`)).toBeVisible();
  // The TLD fact ("Toppdomän: .nu"); the heading holds ".nu" too, kept whole on its own.
  await expect(page.getByRole("definition").filter({ hasText: /^\.nu$/ })).toBeVisible();
  await expect(block.getByRole("link", { name: /Binero/ })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectExternalLinksOpenInNewTab(page);
  await expectNoAxeViolations(page);
});

test("a name on no list that the zone delegates shows since when and where it points, with the source, and stays out of the index", async ({
  page,
}) => {
  const name = `${uniqueLabel("zon")}.nu`;
  const removeDelegation = await delegateE2eNames([name]);
  try {
    const response = await page.goto(`/d/${name}`);
    expect(response?.status()).toBe(200);
    const zone = page.getByRole("region", { name: "I registrets zon" });
    await expect(zone.getByText(/^Delegerad sedan/)).toBeVisible();
    await expect(zone.getByText("Pekar på Loopias namnservrar.")).toBeVisible();
    await expect(zone.getByRole("link", { name: /Internetstiftelsen/ })).toHaveAttribute("href", /internetstiftelsen\.se/);
    await expect(
      page.getByRole("region", { name: "Registrerad enligt registrets zon" }).getByText(/någon har registrerat det/),
    ).toBeVisible();
    await expect(page).toHaveTitle(`${name} – registrerad (i registrets zon) | Snart lediga`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expectNoAxeViolations(page);
  } finally {
    await removeDelegation();
  }
});

test("other spellings of a name move to its Unicode, lower-case page", async ({ page }) => {
  const response = await page.goto("/d/XN--RKSMRGS-5WAO1O.SE");
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe("/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se");
  await expect(page.getByRole("heading", { level: 1, name: "räksmörgås.se" })).toBeVisible();
});

test("similar names and the history are listed, and a similar name opens its page", async ({ page }) => {
  const base = uniqueLabel("liknande");
  const domain = await insertE2eDomain(`${base}.se`, { status: "soonavailable", releaseInDays: 10 });
  const similar = await insertE2eDomain(`${base}x.nu`, { status: "available", releaseInDays: -1 });
  await withServerDb((client) =>
    client.query(
      "insert into domain_events (domain_name, type, to_status, created_at) values ($1, 'imported', 'soonavailable', now() - interval '1 day'), ($1, 'featured', null, now())",
      [domain.ace],
    ),
  );
  // The similar names load when their section comes near the screen, from their own URL.
  const similarAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === `${domain.path}/liknande.data`);
  await page.goto(domain.path);
  const history = page.getByRole("region", { name: "Historik" }).getByRole("listitem");
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText("Markerades som utvald");
  await expect(history.nth(1)).toContainText("Kom med på registrets lista över domäner som snart släpps");

  await page.getByRole("heading", { name: "Liknande domäner" }).scrollIntoViewIfNeeded();
  expect((await similarAnswer).status()).toBe(200);
  const list = page.getByRole("list", { name: "Liknande domäner" });
  await expect(list.getByRole("link", { name: new RegExp(similar.unicode) })).toBeVisible();
  await expectNoAxeViolations(page);

  // Hold the next page's data back a moment so the placeholder can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await list.getByRole("link", { name: new RegExp(similar.unicode) }).click();
  await expect(page.getByRole("status").filter({ hasText: "Laddar domäninformation..." })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1, name: similar.unicode })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(similar.path);

  // Their own page (the link without JavaScript) passes the same checks.
  await page.goto(`${domain.path}/liknande`);
  await expect(page.getByRole("list", { name: "Liknande domäner" }).getByRole("link", { name: new RegExp(similar.unicode) })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the similar names say so when they cannot be fetched, and come with Försök igen", async ({ page }) => {
  const base = uniqueLabel("trasig");
  const domain = await insertE2eDomain(`${base}.se`, { status: "soonavailable", releaseInDays: 10 });
  const similar = await insertE2eDomain(`${base}y.nu`, { status: "available", releaseInDays: -1 });
  let broken = true;
  await page.route(/\/liknande\.data(\?|$)/, (route) => (broken ? route.abort() : route.continue()));
  await page.goto(domain.path);
  await page.getByRole("heading", { name: "Liknande domäner" }).scrollIntoViewIfNeeded();
  const failure = page.getByRole("alert").filter({ hasText: "Kunde inte hämta liknande domäner." });
  await expect(failure).toBeVisible();
  // The rest of the page stays.
  await expect(page.getByRole("heading", { level: 1, name: domain.unicode })).toBeVisible();
  await expectNoAxeViolations(page);

  broken = false;
  await failure.getByRole("button", { name: "Försök igen" }).click();
  await expect(page.getByRole("list", { name: "Liknande domäner" }).getByRole("link", { name: new RegExp(similar.unicode) })).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the similar names are a link to their own page, which lists them and leads back", async ({ page }) => {
    const base = uniqueLabel("utanjs");
    const domain = await insertE2eDomain(`${base}.se`, { status: "soonavailable", releaseInDays: 10 });
    const similar = await insertE2eDomain(`${base}z.nu`, { status: "available", releaseInDays: -1 });
    await page.goto(domain.path);
    const section = page.getByRole("region", { name: "Liknande domäner" });
    await section.getByRole("link", { name: "Visa liknande domäner" }).click();
    await expect(page).toHaveURL(`${domain.path}/liknande`);
    await expect(page.getByRole("heading", { level: 1, name: `Liknande domäner till ${domain.unicode}` })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`Liknande domäner till ${domain.unicode}`));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(
      page.getByRole("list", { name: "Liknande domäner" }).getByRole("link", { name: new RegExp(similar.unicode) }),
    ).toBeVisible();
    await page.getByRole("link", { name: `Tillbaka till ${domain.unicode}` }).click();
    await expect(page).toHaveURL(domain.path);
  });
});

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the domain page fits the screen and has no accessibility violations", async ({ page }) => {
    const domain = await insertE2eDomain(`${uniqueLabel("mobil")}.se`, { status: "soonavailable", releaseInDays: 2 });
    await page.goto(domain.path);
    await expect(page.getByRole("timer")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});
