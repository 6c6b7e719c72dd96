import { readFileSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";

const cardNames = (page: Page) =>
  page.locator("main article[data-domain]").evaluateAll((all) => all.map((card) => card.getAttribute("data-domain")!).sort());
const openFilters = (page: Page) => page.getByTestId("list-filters").locator("summary").click();
const chips = (page: Page) => page.getByRole("list", { name: "Aktiva filter" });
// By role: the chips' remove links carry the filters' names in their labels too.
const textField = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const checkbox = (page: Page, name: string) => page.getByRole("checkbox", { name, exact: true });
const facetCount = (page: Page, field: string, value: string) =>
  page.getByTestId("list-filters").locator(`div:has(> input[name="${field}"][value="${value}"]) [data-testid="facet-count"]`);

/** Four soon-available names sharing a unique prefix: with and without a hyphen, on .se and .nu. */
async function insertFamily(status: "soonavailable" | "available") {
  const prefix = uniqueLabel("filt");
  const names = [`${prefix}.se`, `${prefix}-ab.se`, `${prefix}x.nu`, `${prefix}-cd.nu`];
  for (const name of names) await insertE2eDomain(name, { status, releaseInDays: status === "soonavailable" ? 3 : -1 });
  return { prefix, names };
}

test("filters narrow a list at once, live in a short URL, step back and forward, and a shared link shows the same view", async ({ page, browser }) => {
  const { prefix, names } = await insertFamily("soonavailable");
  await page.goto("/soon-available");
  await openFilters(page);
  await textField(page, "Börjar med").fill(prefix);
  await expect(page).toHaveURL(`/soon-available?borjar=${prefix}`);
  await expect.poll(() => cardNames(page)).toEqual([...names].sort());
  await expect(page.getByTestId("count-text")).toHaveText("Visar 4 av 4 domäner");
  // Each choice says how many names it would give with the other filters as they are.
  await expect(facetCount(page, "tld", "nu")).toHaveText(" (2)");
  await expect(facetCount(page, "tecken", "hyphen")).toHaveText(" (2)");
  await expect(facetCount(page, "tecken", "digits")).toHaveText(" (0)");
  await expectNoAxeViolations(page);

  await checkbox(page, "Innehåller bindestreck").check();
  await expect(page).toHaveURL(`/soon-available?tecken=hyphen&borjar=${prefix}`);
  await expect.poll(() => cardNames(page)).toEqual([`${prefix}-ab.se`, `${prefix}-cd.nu`]);
  await expect(facetCount(page, "tld", "nu")).toHaveText(" (1)");
  await checkbox(page, ".nu").check();
  await expect(page).toHaveURL(`/soon-available?tld=nu&tecken=hyphen&borjar=${prefix}`);
  await expect.poll(() => cardNames(page)).toEqual([`${prefix}-cd.nu`]);
  // The TLD's own counts do not narrow each other: .se still counts its one.
  await expect(facetCount(page, "tld", "se")).toHaveText(" (1)");
  await expect(chips(page).getByRole("link")).toHaveText(["Endast .nu", "Innehåller bindestreck", `Börjar med ”${prefix}”`, "Rensa filter"]);

  // Back and forward restore the views, fields included.
  await page.goBack();
  await expect(page).toHaveURL(`/soon-available?tecken=hyphen&borjar=${prefix}`);
  await expect.poll(() => cardNames(page)).toEqual([`${prefix}-ab.se`, `${prefix}-cd.nu`]);
  await expect(checkbox(page, ".nu")).not.toBeChecked();
  await page.goForward();
  await expect.poll(() => cardNames(page)).toEqual([`${prefix}-cd.nu`]);
  await expect(checkbox(page, ".nu")).toBeChecked();

  // The link, opened by someone else, shows the same view.
  const other = await browser.newPage();
  await other.goto(page.url());
  await expect.poll(() => cardNames(other)).toEqual([`${prefix}-cd.nu`]);
  await other.close();

  // A chip removes its filter; "Rensa filter" removes them all.
  await chips(page).getByRole("link", { name: "Ta bort filtret Innehåller bindestreck" }).click();
  await expect(page).toHaveURL(`/soon-available?tld=nu&borjar=${prefix}`);
  await expect.poll(() => cardNames(page)).toEqual([`${prefix}-cd.nu`, `${prefix}x.nu`]);
  await chips(page).getByRole("link", { name: "Rensa filter" }).click();
  await expect(page).toHaveURL("/soon-available");
  await expect(page.locator("main article[data-domain]")).toHaveCount(100);
  await expect(textField(page, "Börjar med")).toHaveValue("");
});

test("a filtered view says noindex and names the plain list as canonical", async ({ page }) => {
  await page.goto("/available?min=4&max=4");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/available$/);
  await page.goto("/available");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});

test("each list view announces its Atom feed, which a browser parses as Atom holding the view's names", async ({ page }) => {
  const { prefix, names } = await insertFamily("soonavailable");
  await page.goto(`/soon-available?borjar=${prefix}&tecken=nohyphen`);
  const alternate = page.locator('link[rel="alternate"][type="application/atom+xml"]');
  await expect(alternate).toHaveAttribute("href", `/feeds/soon-available.atom?tecken=nohyphen&borjar=${prefix}`);
  await expect(page.getByRole("link", { name: "Följ den här vyn i en flödesläsare (Atom)" })).toHaveAttribute(
    "href",
    `/feeds/soon-available.atom?tecken=nohyphen&borjar=${prefix}`,
  );
  const response = await page.request.get((await alternate.getAttribute("href"))!);
  expect(response.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  const atom = await response.text();
  const parsed = await page.evaluate((xml) => {
    const document = new DOMParser().parseFromString(xml, "application/xml");
    const ATOM = "http://www.w3.org/2005/Atom";
    return {
      error: document.getElementsByTagName("parsererror").length > 0,
      root: `${document.documentElement.namespaceURI} ${document.documentElement.localName}`,
      authors: document.documentElement.getElementsByTagNameNS(ATOM, "author").length,
      entries: [...document.getElementsByTagNameNS(ATOM, "entry")].map((entry) => ({
        title: entry.getElementsByTagNameNS(ATOM, "title")[0]?.textContent,
        id: Boolean(entry.getElementsByTagNameNS(ATOM, "id")[0]?.textContent),
        updated: !Number.isNaN(Date.parse(entry.getElementsByTagNameNS(ATOM, "updated")[0]?.textContent ?? "")),
        link: entry.getElementsByTagNameNS(ATOM, "link")[0]?.getAttribute("href"),
      })),
    };
  }, atom);
  expect(parsed.error).toBe(false);
  expect(parsed.root).toBe("http://www.w3.org/2005/Atom feed");
  expect(parsed.authors).toBe(1);
  expect(parsed.entries.map((entry) => entry.title).sort()).toEqual([names[0], names[2]].sort());
  for (const entry of parsed.entries) {
    expect(entry.id && entry.updated).toBe(true);
    expect(entry.link).toMatch(/\/d\//);
  }
  const again = await page.request.get((await alternate.getAttribute("href"))!, { headers: { "if-none-match": response.headers()["etag"] } });
  expect(again.status()).toBe(304);
});

test("the available list filters by contained text, and a search takes the same filters", async ({ page }) => {
  const { prefix, names } = await insertFamily("available");
  await page.goto("/available");
  await openFilters(page);
  await textField(page, "Innehåller").fill(`${prefix.slice(-6)}-`);
  await expect(page).toHaveURL(`/available?q=${prefix.slice(-6)}-`);
  await expect.poll(() => cardNames(page)).toEqual([names[1], names[3]].sort());
  await expect(chips(page).getByRole("link").first()).toHaveText(`Innehåller ”${prefix.slice(-6)}-”`);

  // The search of every status: its text is its own, the filters narrow it.
  await page.goto(`/search/${prefix}`);
  await expect.poll(() => cardNames(page)).toEqual([...names].sort());
  await openFilters(page);
  await expect(textField(page, "Innehåller")).toHaveCount(0);
  await checkbox(page, ".nu").check();
  await expect(page).toHaveURL(`/search/${prefix}?tld=nu`);
  await expect.poll(() => cardNames(page)).toEqual([names[2], names[3]].sort());
  await expect(page.getByTestId("count-text")).toHaveText("2 domäner hittades");
  // A search is no list to follow or save.
  await expect(page.getByRole("link", { name: /flödesläsare/ })).toHaveCount(0);
  await expect(page.getByText("Spara sökning")).toHaveCount(0);
});

test("the Swedish-word filter keeps the names that are, or contain, a word", async ({ page }) => {
  const prefix = uniqueLabel("ord");
  // The class each writer stores from the dictionary (app/domain/swedish-words.ts, tested there); set here by hand.
  await insertE2eDomain(`${prefix}a.se`, { status: "available", wordClass: 2 });
  await insertE2eDomain(`${prefix}b.se`, { status: "available", wordClass: 1 });
  await insertE2eDomain(`${prefix}c.se`, { status: "available", wordClass: 0 });
  await page.goto(`/available?borjar=${prefix}`);
  await openFilters(page);
  await page.getByLabel("Svenska ord").selectOption("ar");
  await expect(page).toHaveURL(`/available?borjar=${prefix}&ord=ar`);
  await expect.poll(() => cardNames(page)).toEqual([`${prefix}a.se`]);
  await page.getByLabel("Svenska ord").selectOption("innehaller");
  await expect.poll(() => cardNames(page)).toEqual([`${prefix}a.se`, `${prefix}b.se`]);
  await expect(chips(page).getByRole("link", { name: "Ta bort filtret Innehåller ett svenskt ord" })).toBeVisible();
});

test("a filtered view downloads as a file the browser saves, holding the view's names in the view's sort", async ({ page }) => {
  const { prefix, names } = await insertFamily("available");
  await page.goto(`/available?borjar=${prefix}&tld=nu&sort=name-desc`);
  await page.getByTestId("download-menu").getByText("Ladda ner").click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "CSV för Excel" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^snart-lediga-available-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = text.trim().split("\r\n").slice(1).map((line) => line.split(";")[0]);
  expect(rows).toEqual([names[2], names[3]].sort().reverse());
  // As the page shows them.
  expect(rows).toEqual(await page.locator("main article[data-domain]").evaluateAll((all) => all.map((card) => card.getAttribute("data-domain"))));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form submits as a plain GET and the chips are plain links", async ({ page }) => {
    const { prefix, names } = await insertFamily("available");
    await page.goto("/available");
    await openFilters(page);
    await textField(page, "Börjar med").fill(prefix);
    await checkbox(page, "Inget bindestreck").check();
    await page.getByRole("button", { name: "Visa domäner" }).click();
    // The form sends every field; the list answers with the view's short address.
    await expect(page).toHaveURL(`/available?tecken=nohyphen&borjar=${prefix}`);
    expect(await cardNames(page)).toEqual([names[0], names[2]].sort());
    await expect(page.getByTestId("count-text")).toHaveText("2 domäner hittades");

    await chips(page).getByRole("link", { name: "Ta bort filtret Inget bindestreck" }).click();
    expect(await cardNames(page)).toEqual([...names].sort());
  });

  test("the length, quality, release date and Swedish-word filters work through the plain form too", async ({ page }) => {
    const prefix = uniqueLabel("nojs");
    const keep = `${prefix}aa.se`;
    await insertE2eDomain(keep, { status: "soonavailable", releaseInDays: 1, score: 70, wordClass: 1 });
    await insertE2eDomain(`${prefix}bb.se`, { status: "soonavailable", releaseInDays: 1, score: 40, wordClass: 1 });
    await insertE2eDomain(`${prefix}cc.se`, { status: "soonavailable", releaseInDays: 12, score: 70, wordClass: 1 });
    await insertE2eDomain(`${prefix}dd.se`, { status: "soonavailable", releaseInDays: 1, score: 70, wordClass: 0 });
    await insertE2eDomain(`${prefix}eeeeeeeeee.se`, { status: "soonavailable", releaseInDays: 1, score: 70, wordClass: 1 });
    await page.goto(`/soon-available?borjar=${prefix}`);
    await openFilters(page);
    await page.getByRole("spinbutton", { name: "Till", exact: true }).fill(String(prefix.length + 2));
    await page.getByLabel("Lägsta betyg").selectOption("65");
    await page.getByLabel("Släpps", { exact: true }).selectOption("imorgon");
    await page.getByLabel("Svenska ord").selectOption("innehaller");
    await page.getByRole("button", { name: "Visa domäner" }).click();
    await expect(page).toHaveURL(`/soon-available?max=${prefix.length + 2}&borjar=${prefix}&ord=innehaller&kvalitet=65&slapps=imorgon`);
    expect(await cardNames(page)).toEqual([keep]);
  });
});

test.describe("on a phone", () => {
  test.use({
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
    viewport: { width: 390, height: 844 },
  });

  test("the filters open as a panel whose button shows the number of matches and closes it onto the list", async ({ page }) => {
    const { prefix } = await insertFamily("soonavailable");
    await page.goto(`/soon-available?borjar=${prefix}`);
    await expect(textField(page, "Börjar med")).toBeHidden();
    await openFilters(page);
    await checkbox(page, "Inget bindestreck").check();
    await expect(page).toHaveURL(`/soon-available?tecken=nohyphen&borjar=${prefix}`);
    const show = page.getByRole("button", { name: "Visa 2 domäner" });
    await show.click();
    await expect(textField(page, "Börjar med")).toBeHidden();
    await expect.poll(() => cardNames(page)).toEqual([`${prefix}.se`, `${prefix}x.nu`]);
  });
});
