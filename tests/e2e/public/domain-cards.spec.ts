import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain } from "~tests/e2e/support/domain-rows";

/** A word in every name of a test, so /search/{word} lists exactly them. Short, so the labels around it can be long. */
const searchWord = () => `zq${Math.random().toString(36).slice(2, 7)}`;

/** Awkward names: the longest label shown whole, IDN, 63 characters, hyphens; and the statuses whose texts could repeat. */
async function insertAwkwardNames(word: string) {
  const names = {
    idnTwenty: `${word}räksmörgås575`.slice(0, 20) + ".se",
    asciiTwenty: `${word}abcdefghijklmnopq`.slice(0, 20) + ".nu",
    longest: `${word}${"a".repeat(63 - word.length)}.se`,
    hyphens: `${word}-en-mycket-lang-doman-med-bindestreck.se`,
    idnLong: `${word}ååäärökmörgåsmackorna.se`,
    released: `${word}slappt.se`,
  };
  expect(names.idnTwenty.length).toBe(23);
  expect(names.longest.length).toBe(66);
  await insertE2eDomain(names.idnTwenty, { status: "soonavailable", releaseInDays: 3 });
  await insertE2eDomain(names.asciiTwenty, { status: "premium", price: null, isFeatured: true });
  await insertE2eDomain(names.longest, { status: "soonavailable", releaseInDays: 40 });
  await insertE2eDomain(names.hyphens, { status: "premium", price: 25000 });
  await insertE2eDomain(names.idnLong, { status: "available", isFeatured: true, releaseInDays: -3 });
  // Stored soon-available, released at 04:00 UTC yesterday: the card shows it as available.
  await insertE2eDomain(names.released, { status: "soonavailable", releaseInDays: -1 });
  return names;
}

type CardLayout = {
  name: string;
  /** The name as it shows (shortened or whole). */
  shown: string;
  /** Where it breaks onto a new line: the number of characters before each break. */
  breaks: number[];
  nameOverflows: boolean;
  text: string;
  top: number;
  scoreTop: number | null;
  /** A soon-available card's countdown: how far from the card's left edge it starts, and whether it is below the badge. */
  countdown: { left: number; belowBadge: boolean } | null;
};

/** Each card's name as laid out (its visible characters' lines), its text and where its score line sits. */
function cardLayouts(page: Page): Promise<CardLayout[]> {
  return page.locator("main article[data-domain]").evaluateAll((cards) =>
    cards.map((card) => {
      const heading = card.querySelector("h2, h3, h4")!;
      let shown = "";
      const breaks: number[] = [];
      let lastTop: number | null = null;
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const box = node.parentElement!.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue; // the full name for screen readers, not laid out for the eye
        for (let index = 0; index < node.length; index++) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          if (lastTop !== null && top > lastTop + 2) breaks.push(shown.length);
          lastTop = top;
          shown += node.data[index];
        }
      }
      const score = [...card.querySelectorAll("span")].find((span) => /^\(\d+ poäng\)$/.test(span.textContent ?? ""));
      const badge = card.querySelector(".badge");
      const countdown = [...card.querySelectorAll("span")].find((span) => span.childElementCount === 0 && /^(\d+ (dag|dagar|timme|timmar) kvar|.+ \d{4})$/.test(span.textContent ?? ""));
      const cardBox = card.getBoundingClientRect();
      return {
        name: card.getAttribute("data-domain")!,
        shown,
        breaks,
        nameOverflows: heading.scrollWidth > heading.clientWidth + 1,
        text: (card as HTMLElement).innerText,
        top: Math.round(card.getBoundingClientRect().top),
        scoreTop: score ? Math.round(score.getBoundingClientRect().top) : null,
        countdown:
          countdown && badge
            ? {
                left: Math.round(countdown.getBoundingClientRect().left - cardBox.left),
                belowBadge: countdown.getBoundingClientRect().top >= badge.getBoundingClientRect().bottom - 0.5,
              }
            : null,
      };
    }),
  );
}

test("card names never break inside a word or the TLD, from 320 to 1920 px", async ({ page }) => {
  const word = searchWord();
  const names = await insertAwkwardNames(word);
  await page.goto(`/search/${word}`);
  await expect(page.locator("main article[data-domain]")).toHaveCount(Object.keys(names).length);
  for (const width of [320, 390, 760, 800, 1024, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    for (const card of await cardLayouts(page)) {
      const where = `${card.name} at ${width} px`;
      // A name may break after a hyphen or before its TLD, nowhere else.
      for (const at of card.breaks) {
        const allowed = card.shown[at - 1] === "-" || /^\.(se|nu)$/.test(card.shown.slice(at));
        expect(allowed, `${where}: "${card.shown.slice(0, at)}" / "${card.shown.slice(at)}"`).toBe(true);
      }
      expect(card.nameOverflows, `${where}: the name sticks out of its card`).toBe(false);
    }
  }
  await expectNoAxeViolations(page);
});

test("a card shows one status text, its countdown in one place, its score line level with its row's, a premium name without a price says so", async ({ page }) => {
  const word = searchWord();
  const names = await insertAwkwardNames(word);
  await page.goto(`/search/${word}`);
  await expect(page.locator("main article[data-domain]")).toHaveCount(Object.keys(names).length);
  const countdownPlaces = new Set<string>();
  for (const width of [320, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const cards = await cardLayouts(page);
    // "3 dagar kvar" and a date alike: under the badge, from the card's left edge, at every width.
    for (const name of [names.idnTwenty, names.longest]) {
      const { countdown } = cards.find((card) => card.name === name)!;
      expect(countdown, `${name}'s countdown at ${width} px`).not.toBeNull();
      countdownPlaces.add(`${countdown!.left} ${countdown!.belowBadge}`);
    }
    if (width === 320) continue;
    for (const card of cards) {
      expect(card.text.match(/Tillgänglig/g)?.length ?? 0, `${card.name}: ${card.text}`).toBeLessThanOrEqual(1);
    }
    const released = cards.find((card) => card.name === names.released)!;
    expect(released.text).toMatch(/^Tillgänglig$/m);
    expect(released.text).not.toContain("Tillgänglig!");
    expect(cards.find((card) => card.name === names.asciiTwenty)!.text).toContain("Pris på förfrågan");
    // The cards of a row share their top; their score lines sit at one height.
    // (Not Map.groupBy: `node scripts/test.js e2e` may run on a machine's older Node.)
    const rows = new Map<number, CardLayout[]>();
    for (const card of cards) rows.set(card.top, [...(rows.get(card.top) ?? []), card]);
    expect(rows.size, `rows at ${width} px`).toBeGreaterThan(1);
    for (const [top, row] of rows) {
      expect(new Set(row.map((card) => card.scoreTop)).size, `score lines of the row at ${top} px, ${width} px wide`).toBe(1);
    }
  }
  expect([...countdownPlaces], "where the countdowns sit (left edge, below the badge)").toHaveLength(1);
  expect([...countdownPlaces][0]).toMatch(/ true$/);
  await expectNoAxeViolations(page);

  // The domain page says "Utvald", as the cards do.
  await page.goto(`/d/${encodeURIComponent(names.asciiTwenty)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(names.asciiTwenty);
  const summary = page.locator("main header").first();
  await expect(summary.getByText("Utvald", { exact: true })).toBeVisible();
  await expect(page.getByText("Highlighted")).toHaveCount(0);
  await expect(summary.getByText("Pris på förfrågan")).toBeVisible();
  await expectNoAxeViolations(page);
});
