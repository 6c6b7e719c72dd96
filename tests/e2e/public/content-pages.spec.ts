import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";

const PAGES = [
  { path: "/how-it-works", title: "Så fungerar det", sections: ["Tre steg till din domän", "När släpps en domän?", "Bra att veta", "Vad kostar en domän?"] },
  { path: "/api", title: "API", sections: ["Listor: GET /api/v1/domains", "Ett namn: GET /api/v1/domains/{namn}", "Statistik: GET /api/v1/stats", "Regler"] },
  { path: "/about", title: "Om oss", sections: ["Tjänsten", "Bakgrund", "Det här erbjuder vi", "Premiumdomäner", "Vårt mål"] },
  {
    path: "/terms",
    title: "Användarvillkor",
    sections: ["Om tjänsten", "Användarkonto", "Datakällor och tillgänglighet", "Otillåten användning", "Ändringar", "Kontakt"],
    updated: "2025-03-26",
  },
  {
    path: "/privacy",
    title: "Integritetspolicy",
    sections: ["Personuppgiftsansvarig", "Uppgifter vi samlar in", "Cookies", "Hur vi använder uppgifterna", "Lagring och säkerhet", "Tredje parter", "Dina rättigheter", "Ändringar", "Kontakt"],
    updated: "29 november 2026",
    // What deleting an account deletes, as it does (deleteAccount).
    says: "Raderar du kontot tas kontot, dina bokmärken, dina sparade sökningar, din kalender- och flödesadress och de meddelanden och förfrågningar som skickats från kontots e-postadress bort direkt.",
  },
];

for (const content of PAGES) {
  test(`${content.path} has its heading, sections, own title and description`, async ({ page }) => {
    const response = await page.goto(content.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: content.title })).toBeVisible();
    const main = page.getByRole("main");
    for (const section of content.sections) await expect(main.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
    if (content.updated) await expect(page.getByText(`Senast uppdaterad: ${content.updated}`)).toBeVisible();
    if (content.says) await expect(main).toContainText(content.says);
    await expect(page).toHaveTitle(`${content.title} | Snart lediga`);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeGreaterThan(40);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${content.path}$`));
    await expectNoAxeViolations(page);
  });
}

test("the typical .se price is stated once, as one range, and the old contradicting ranges appear nowhere", async ({ page }) => {
  await page.goto("/how-it-works");
  const text = (await page.getByRole("main").textContent()) ?? "";
  expect(text.match(/ca 100–300 kr per år/g)).toHaveLength(1);
  for (const path of ["/how-it-works", "/about", "/terms", "/privacy"]) {
    await page.goto(path);
    const body = (await page.locator("body").textContent()) ?? "";
    expect(body).not.toMatch(/100\s*[-–]\s*200 kr|200\s*[-–]\s*300 kr/);
  }
});

test("the facts people must know are on the how-it-works page", async ({ page }) => {
  await page.goto("/how-it-works");
  const main = page.getByRole("main");
  await expect(main).toContainText("Det går inte att förboka en domän.");
  await expect(main).toContainText("Vi skickar inga e-postmeddelanden när domäner släpps.");
  await expect(main).toContainText("upp till 24 timmar");
  await expect(main).toContainText("uppdateras varje natt");
  await expect(main).toContainText("offentliga källor");
});

/**
 * How far the page reaches past the window's right edge (0: no sideways scroll), and the headings whose
 * text is wider than their box (at 320 px they stick out into the page's margin).
 */
function sidewaysOverflow(page: Page) {
  return page.evaluate(() => ({
    by: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    headingsWiderThanTheirBox: [...document.querySelectorAll("main :is(h1, h2, h3)")]
      .filter((heading) => heading.scrollWidth > heading.clientWidth + 0.5)
      .map((heading) => heading.textContent?.trim()),
  }));
}

test.describe("at 320 px", () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test("/api's examples use the site's own address (SITE_URL); /api, /premium and home do not scroll sideways; the search hint fits at 375 px", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/api");
    const examples = await page.locator("main pre").allTextContents();
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      expect(example).not.toContain("https://snartlediga.se");
      expect(example).toContain(`${baseURL}/api/v1/`);
    }
    for (const path of ["/api", "/premium", "/"]) {
      if (path !== "/api") await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await sidewaysOverflow(page), `${path} at 320 px`).toEqual({ by: 0, headingsWiderThanTheirBox: [] });
    }
    // "Premiumdomäner" fits whole, not broken inside the word.
    await page.goto("/premium");
    const premiumLines = await page.getByRole("heading", { level: 1, name: "Premiumdomäner" }).evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(premiumLines).toBe(1);

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    expect(await sidewaysOverflow(page), "/ at 375 px").toEqual({ by: 0, headingsWiderThanTheirBox: [] });
    // The placeholder's width in the input's own font, against the room inside its padding.
    const hint = await page.getByRole("searchbox", { name: "Sök domännamn" }).evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return {
        text: input.placeholder,
        width: Math.ceil(context.measureText(input.placeholder).width),
        room: Math.floor(input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)),
      };
    });
    expect(hint.text).not.toBe("");
    expect(hint.width, `"${hint.text}" in ${hint.room} px`).toBeLessThanOrEqual(hint.room);
  });
});
