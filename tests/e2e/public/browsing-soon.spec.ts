import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { compareCodePoints, swedishSortKey } from "~/domain/swedish-order";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";

const cards = (page: Page) => page.locator("main article[data-domain]");
const cardNames = (page: Page) => cards(page).evaluateAll((all) => all.map((card) => card.getAttribute("data-domain")!));
const visaFler = (page: Page) => page.getByRole("button", { name: "Visa fler" });
/** The "Filtrera" button is only there before JavaScript takes over: after that "Visa fler" appends instead of navigating. */
const hydrated = (page: Page) => expect(page.getByRole("button", { name: "Filtrera" })).toHaveCount(0);
const countText = (page: Page) => page.getByTestId("count-text");
const main = (page: Page) => page.locator("main");
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Sök bland snart lediga domäner" });

test("soon-available pages of 100 are appended by Visa fler and the count follows", async ({ page }) => {
  await page.goto("/soon-available");
  await expect(page.getByRole("heading", { level: 1, name: "Snart lediga domäner" })).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute("placeholder", "Sök domäner...");
  await expect(cards(page)).toHaveCount(100);
  await expect(countText(page)).toHaveText(/^Visar 100 av [\d\s\u00a0]+ domäner( \(varav \d+ markerade\))?$/);
  await expectNoAxeViolations(page);
  const firstPage = await cards(page).evaluateAll((all) => all.map((card) => card.getAttribute("data-domain")));

  await hydrated(page);
  await visaFler(page).click();
  await expect(cards(page)).toHaveCount(200);
  await expect(countText(page)).toHaveText(/^Visar 200 av /);
  const both = await cards(page).evaluateAll((all) => all.map((card) => card.getAttribute("data-domain")));
  expect(both.slice(0, 100)).toEqual(firstPage);
  expect(new Set(both).size).toBe(200);
  // The address keeps how far the list was read (list-back.spec.ts).
  await expect(page).toHaveURL("/soon-available?sidor=2");
});

test("name order is Swedish (a–z, then å, ä, ö) across the pages Visa fler appends, and the sort stays in the URL", async ({ page }) => {
  // "00…" sorts before the demo names, so these land on the first page; byte order would put "-" before the
  // end of the label and ä before å.
  const label = uniqueLabel("00");
  const swedish = [`${label}.se`, `${label}-b.se`, `${label}a.se`, `${label}z.se`, `${label}å.se`, `${label}ä.se`, `${label}ö.se`];
  for (const name of [...swedish].reverse()) await insertE2eDomain(name, { status: "soonavailable", releaseInDays: 4 });
  await page.goto("/soon-available?sort=name-asc&featured=0");
  await expect(page.getByLabel("Sortera")).toHaveValue("name-asc");
  await expect(page.getByLabel("Visa utvalda domäner")).not.toBeChecked();
  await expect(cards(page)).toHaveCount(100);
  await hydrated(page);
  for (const shown of [200, 300]) {
    await visaFler(page).click();
    await expect(cards(page)).toHaveCount(shown);
  }
  const names = await cardNames(page);
  expect(names.filter((name) => name.startsWith(label))).toEqual(swedish);
  expect(new Set(names).size).toBe(300);
  expect(names).toEqual([...names].sort((a, b) => compareCodePoints(swedishSortKey(a), swedishSortKey(b))));
  await expect(page).toHaveURL("/soon-available?sort=name-asc&featured=0&sidor=3");
  await expect(main(page).getByText("Utvald", { exact: true })).toHaveCount(0);
});

test("the filter box narrows the list after typing, and clearing it restores page 1", async ({ page }) => {
  const word = uniqueLabel("snart");
  await insertE2eDomain(`${word}.se`, { status: "soonavailable", releaseInDays: 5 });
  await insertE2eDomain(`${word}-tva.nu`, { status: "soonavailable", releaseInDays: 9, isFeatured: true });
  await page.goto("/soon-available");
  await expect(cards(page)).toHaveCount(100);

  await searchBox(page).pressSequentially(word, { delay: 20 });
  await expect(page).toHaveURL(`/soon-available?q=${word}`);
  await expect(countText(page)).toHaveText(`Sökning "${word}" gav 2 träffar`);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Visa fler" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The featured toggle (on by default) leaves featured names out when switched off.
  await page.getByLabel("Visa utvalda domäner").uncheck();
  await expect(page).toHaveURL(`/soon-available?q=${word}&featured=0`);
  await expect(countText(page)).toHaveText(`Sökning "${word}" gav 1 träff`);

  await searchBox(page).fill("");
  await expect(page).toHaveURL("/soon-available?featured=0");
  await expect(cards(page)).toHaveCount(100);
  await expect(countText(page)).toHaveText(/^Visar 100 av /);
  await expect(page.locator("main").getByText("Utvald", { exact: true })).toHaveCount(0);
});

test("the sort is kept in the URL and orders the list", async ({ page }) => {
  await page.goto("/soon-available");
  await page.getByLabel("Sortera").selectOption("score-desc");
  await expect(page).toHaveURL("/soon-available?sort=score-desc");
  // The address changes as the navigation starts; the cards follow when its data has come.
  const scores = () => cards(page).evaluateAll((all) => all.map((card) => Number(/\((\d+) poäng\)/.exec(card.textContent ?? "")?.[1])));
  await expect.poll(async () => {
    const shown = await scores();
    return shown.length > 0 && shown.every((score, index) => index === 0 || shown[index - 1] >= score);
  }).toBe(true);
  await page.reload();
  await expect(page.getByLabel("Sortera")).toHaveValue("score-desc");

  // A page reached through its cursor (a shared link, or "Visa fler" before JavaScript past 20 pages; here
  // the names after score 50 and m.se): a new sort starts at page 1.
  await page.goto(`/soon-available?sort=score-desc&after=${encodeURIComponent("50_m.se")}`);
  await expect(cards(page).first()).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Sortera").selectOption("date-desc");
  await expect(page).toHaveURL("/soon-available?sort=date-desc");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form and the next page work through plain links and forms", async ({ page }) => {
    await page.goto("/soon-available");
    await expect(cards(page)).toHaveCount(100);
    await searchBox(page).fill("hund");
    await page.getByRole("button", { name: "Filtrera" }).click();
    // The form's every field, answered with the view's short address: one parameter per setting, defaults left out.
    await expect(page).toHaveURL("/soon-available?q=hund");
    await expect(countText(page)).toHaveText(/^Sökning "hund"( gav \d+ träff|: visar de 50 första träffarna)/);
    await page.getByLabel("Visa utvalda domäner").uncheck();
    await page.getByRole("button", { name: "Filtrera" }).click();
    await expect(page).toHaveURL("/soon-available?q=hund&featured=0");
    await expect(page.getByLabel("Visa utvalda domäner")).not.toBeChecked();
    await page.getByLabel("Visa utvalda domäner").check();
    await page.getByRole("button", { name: "Filtrera" }).click();
    await expect(page).toHaveURL("/soon-available?q=hund");
    await expect(page.getByLabel("Visa utvalda domäner")).toBeChecked();

    // Each "Visa fler" is a plain GET carrying the sort, the toggle and one page more: the same names and the next 100, none seen before.
    await page.goto("/soon-available?sort=score-desc&featured=0");
    let shown = await cardNames(page);
    for (const pages of [2, 3]) {
      await visaFler(page).click();
      await expect(page).toHaveURL(`/soon-available?sort=score-desc&featured=0&sidor=${pages}#fler`);
      await expect(cards(page)).toHaveCount(pages * 100);
      const names = await cardNames(page);
      expect(names.slice(0, shown.length)).toEqual(shown);
      expect(new Set(names).size).toBe(names.length);
      shown = names;
    }
    await expect(page.getByLabel("Sortera")).toHaveValue("score-desc");
  });

  test("a cursor that is not one shows the first page", async ({ page }) => {
    await page.goto("/soon-available?sort=date-desc");
    const first = await cardNames(page);
    const response = await page.goto("/soon-available?sort=date-desc&after=%00not-a-cursor");
    expect(response?.status()).toBe(200);
    expect(await cardNames(page)).toEqual(first);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("Visa fler appends pages in one column until the last page, where it disappears", async ({ page }) => {
    // About ten pages, a thousand cards on a small screen: more than the default 45 s on a busy machine.
    test.setTimeout(150_000);
    await page.goto("/soon-available?sort=date-desc");
    await expect(cards(page)).toHaveCount(100);
    const left = await cards(page).evaluateAll((all) => new Set(all.map((card) => Math.round(card.getBoundingClientRect().left))).size);
    expect(left).toBe(1);
    await expectNoAxeViolations(page);
    await hydrated(page);
    // The demo set holds about a thousand soon-available names: keep asking until the list ends.
    for (let clicks = 0; (await visaFler(page).count()) > 0; clicks++) {
      expect(clicks).toBeLessThan(30);
      const before = await cards(page).count();
      await visaFler(page).click();
      await expect(cards(page)).not.toHaveCount(before);
    }
    const names = await cardNames(page);
    expect(new Set(names).size).toBe(names.length);
    const [, shown, total] = /^Visar ([\d\s\u00a0]+) av ([\d\s\u00a0]+) domäner/.exec((await countText(page).textContent()) ?? "")!;
    const number = (text: string) => Number(text.replace(/\D/g, ""));
    expect(number(shown)).toBe(names.length);
    // Other tests add soon-available names while this one pages, so the total read with page 1 may be a few behind.
    expect(Math.abs(number(total) - names.length)).toBeLessThanOrEqual(20);
    // The address keeps how many pages are shown, at most 20.
    await expect(page).toHaveURL(`/soon-available?sort=date-desc&sidor=${Math.min(Math.ceil(names.length / 100), 20)}`);
  });
});
