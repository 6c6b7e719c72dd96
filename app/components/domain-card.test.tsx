import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { parseDomainName } from "~/domain/names";
import type { DomainCardData } from "~/domain/domain-card";
import type { GridBookmarks } from "~/domain/list-page";
import { DomainCard, type CardHeadingLevel } from "./domain-card";
import { DomainGrid } from "./domain-grid";

const NOW = Date.parse("2030-06-08T12:00:00Z");

const base: DomainCardData = {
  name: "hund.se",
  unicodeName: "hund.se",
  tld: ".se",
  status: "soonavailable",
  isFeatured: false,
  score: 82,
  length: 4,
  price: null,
  releaseDate: "2030-06-10",
};

/** The card's HTML, rendered inside a router (it is a <Link>). */
function render(domain: Partial<DomainCardData>, action?: React.ReactNode, headingLevel: CardHeadingLevel = 3) {
  const router = createMemoryRouter([
    { path: "/", element: <DomainCard domain={{ ...base, ...domain }} now={NOW} headingLevel={headingLevel} action={action} /> },
  ]);
  return renderToString(<RouterProvider router={router} />);
}

/** Visible text: React's <!-- --> separators and a name's inner markup vanish, other tags become spaces, sv-SE's non-breaking spaces plain. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<span class="domain-name">([^<]*)(?:<wbr\/><span>([^<]*)<\/span>)?<\/span>/g, "$1$2")
    .replace(/<[^>]+>/g, " ")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** A name as DomainNameText writes it: the label, a soft break, the TLD that never wraps (app.css, .domain-name). */
const nameMarkup = (label: string, tld: string) => `<span class="domain-name">${label}<wbr/><span>${tld}</span></span>`;

describe("DomainCard", () => {
  it("links the whole card to the domain page and shows status, countdown and score", () => {
    const html = render({ name: "xn--rksmrgs-5wao1o.se", unicodeName: "räksmörgås.se" });
    expect(html).toContain(`href="/d/${encodeURIComponent("räksmörgås.se")}"`);
    expect(text(html)).toBe("räksmörgås.se Snart tillgänglig 1 dag kvar Utmärkt (82 poäng)");
  });

  it.each([
    [{ releaseDate: "2030-06-08" }, "Tillgänglig"], // released at 04:00 UTC today: shown as available, once
    [{ releaseDate: "2030-06-30" }, "Snart tillgänglig 30 juni 2030"],
    [{ releaseDate: "2030-06-08", status: "available" }, "Tillgänglig"],
    [{ status: "registered", releaseDate: null }, "Registrerad"],
    [{ status: "renewed" }, "Förnyad"],
    [{ releaseDate: null }, "Snart tillgänglig"],
    [{ releaseDate: "2030-02-30" }, "Snart tillgänglig"], // bad data never crashes a card
  ] as const)("%j -> %s", (domain, expected) => {
    expect(text(render(domain))).toBe(`hund.se ${expected} Utmärkt (82 poäng)`);
  });

  it("shows the Premium and Utvald ribbons, Till salu (registered and for sale, not free) and the price for premium", () => {
    expect(text(render({ status: "premium", isFeatured: true, price: 25000, score: 40 }))).toBe(
      "Premium Utvald hund.se Till salu 25 000 kr Genomsnittlig (40 poäng)",
    );
    expect(text(render({ isFeatured: true }))).toMatch(/^Utvald hund\.se/);
  });

  it("says Pris på förfrågan for a premium name without a price, as its page does", () => {
    expect(text(render({ status: "premium", price: null, score: 40 }))).toBe("Premium hund.se Till salu Pris på förfrågan Genomsnittlig (40 poäng)");
  });

  it("shows one status text: a released name's badge, with no Tillgänglig! beside it", () => {
    for (const domain of [{ releaseDate: "2030-06-08" }, { releaseDate: "2029-01-01" }, { status: "available" as const }]) {
      expect(text(render(domain)).match(/Tillgänglig/g), JSON.stringify(domain)).toHaveLength(1);
    }
    // A premium name is registered and for sale: it says so, never "Tillgänglig".
    expect(text(render({ status: "premium" }))).not.toMatch(/Tillgänglig/);
  });

  it.each([2, 3] as const)("titles the card with an h%i, as the page's headings above it ask", (level) => {
    const html = render({}, undefined, level);
    expect(html).toMatch(new RegExp(`<h${level}[^>]*>`));
    expect(html).not.toMatch(new RegExp(`<h${5 - level}[\\s>]`));
  });

  it("shortens a long first label but keeps the full name for screen readers", () => {
    const html = render({ name: "entrevligtlangtdomannamnsomvisas.se", unicodeName: "entrevligtlangtdomannamnsomvisas.se" });
    expect(html).toContain('title="entrevligtlangtdomannamnsomvisas.se"');
    expect(html).toContain(`<span aria-hidden="true">${nameMarkup("entrevligtlangtdom…", ".se")}</span>`);
    expect(html).toContain('<span class="sr-only">entrevligtlangtdomannamnsomvisas.se</span>');
  });

  it.each([
    ["räksmörgås575.se", "räksmörgås575", ".se"],
    ["abcdefghijklmnopqrst.nu", "abcdefghijklmnopqrst", ".nu"], // 20: shown whole
    [`${"a".repeat(63)}.se`, `${"a".repeat(18)}…`, ".se"],
    ["en-mycket-lang-doman-med-bindestreck.se", "en-mycket-lang-dom…", ".se"],
    ["ååäärökmörgåsmackorna.se", "ååäärökmörgåsmacko…", ".se"],
  ])("%s: the label may wrap (at its hyphens), a soft break, then the TLD in one piece", (unicodeName, label, tld) => {
    const parsed = parseDomainName(unicodeName);
    if (!parsed.ok) throw new Error(`not a valid name: ${unicodeName}`);
    const html = render({ name: parsed.ace, unicodeName });
    expect(html).toContain(nameMarkup(label, tld));
    // Not the old break-all, which split names anywhere ("räksmörgås575.s / e").
    expect(html).not.toContain("break-all");
  });

  it("puts the action outside the link, so controls are never nested", () => {
    const html = render({}, <button type="button">Bevaka</button>);
    expect(html).toMatch(/<\/a><div class="card-action"><button type="button">Bevaka<\/button><\/div><\/article>/);
  });
});

/** A typical card of /soon-available: a 12-letter .se name released tomorrow, no ribbon. */
const typical: DomainCardData = {
  ...base,
  name: "pensioncykel.se",
  unicodeName: "pensioncykel.se",
  length: 12,
  score: 74,
  releaseDate: "2030-06-09",
};

/** The grid's HTML as /soon-available renders it for a visitor who is not signed in. */
function renderGrid(domains: DomainCardData[], bookmarks: GridBookmarks = { signedIn: false, names: [] }) {
  const router = createMemoryRouter(
    [
      {
        path: "/soon-available",
        element: <DomainGrid domains={domains} now={NOW} headingLevel={2} bookmarks={bookmarks} label="Snart lediga domäner" />,
      },
    ],
    { initialEntries: ["/soon-available"] },
  );
  return renderToString(<RouterProvider router={router} />);
}

const items = (html: string) => html.match(/<li>.*?<\/li>/g) ?? [];

describe("DomainGrid", () => {
  it("keeps a typical card of /soon-available within half of its former weight", () => {
    // 1959 bytes before the card's classes were named in app.css and the bookmark's inline SVG
    // became a CSS icon; 100 such cards made most of the page's HTML.
    const [card] = items(renderGrid([typical]));
    expect(Buffer.byteLength(card!)).toBeLessThanOrEqual(Math.floor(1959 / 2));
  });

  it("gives each card one link, its heading, the status, countdown, score and a bookmark toggle", () => {
    const [card] = items(renderGrid([typical]));
    expect(card).toMatch(/^<li><article class="card" data-domain="pensioncykel.se"><a class="card-link" href="\/d\/pensioncykel.se"/);
    expect(card!.match(/<a /g)).toHaveLength(1);
    expect(card).toContain(
      '<h2 class="card-name" style="--label-chars:12"><span class="domain-name">pensioncykel<wbr/><span>.se</span></span></h2>',
    );
    expect(card).toContain('>Snart tillgänglig</span><span class="card-countdown">16 timmar kvar</span>');
    // One text each, without React's <!-- --> between pieces.
    expect(card).toContain('<span class="card-score">Mycket bra <span>(74 poäng)</span></span>');
    expect(card).not.toContain("<!--");
    expect(card).toContain(
      '<button type="submit" class="bookmark-icon" aria-pressed="false" aria-label="Bevaka pensioncykel.se" title="Bevaka pensioncykel.se"></button>',
    );
    // Without JavaScript the toggle still posts, and comes back to the list.
    expect(card).toContain(
      '<input type="hidden" name="domainName" value="pensioncykel.se"/><input type="hidden" name="intent" value="add"/>',
    );
    expect(card).toContain('<input type="hidden" name="redirectTo" value="/soon-available"/>');
  });

  it("shows a bookmarked name's toggle pressed, named for removing it", () => {
    const [card] = items(renderGrid([typical], { signedIn: true, names: ["pensioncykel.se"] }));
    expect(card).toContain('aria-pressed="true" aria-label="Sluta bevaka pensioncykel.se" title="Sluta bevaka pensioncykel.se"');
    expect(card).toContain('<input type="hidden" name="intent" value="remove"/>');
  });

  it("renders the cards without a toggle where no bookmarks are given", () => {
    const router = createMemoryRouter([{ path: "/", element: <DomainGrid domains={[typical]} now={NOW} headingLevel={3} /> }]);
    const html = renderToString(<RouterProvider router={router} />);
    expect(html).toContain("<h3 ");
    expect(html).not.toContain("card-action");
  });
});

describe("the card's mark of siblings and twins", () => {
  const family = (change: Partial<NonNullable<DomainCardData["family"]>>) => ({
    family: { siblingRegistered: false, twinRegistered: false, ...change },
  });

  it("says the other TLD's name is registered, and that a twin is, in words after the score", () => {
    const html = render(family({ siblingRegistered: true, twinRegistered: true }));
    expect(text(html)).toMatch(/Utmärkt \(82 poäng\) Även \.nu registrerad · Tvilling registrerad$/);
    expect(text(render({ ...family({ siblingRegistered: true }), name: "hund.nu", unicodeName: "hund.nu", tld: ".nu" }))).toMatch(
      /Även \.se registrerad$/,
    );
    expect(text(render(family({ twinRegistered: true })))).toMatch(/\(82 poäng\) Tvilling registrerad$/);
  });

  it("shows nothing when neither is registered, or the zone says nothing", () => {
    for (const domain of [family({}), family({ siblingRegistered: null, twinRegistered: null }), {}]) {
      expect(render(domain)).not.toContain("card-family");
    }
  });
});

describe("the risk of being taken at once on a card", () => {
  it("says it in words and a number on a soon-available name, or that the history is too thin", () => {
    expect(text(render({ catchRisk: 72 }))).toContain("Hög risk att tas direkt: 7 av 10");
    expect(text(render({ catchRisk: null }))).toContain("Risk att tas direkt: för lite historik");
  });

  it("says what the risk stands on under it, where the list gives the basis", () => {
    const basis = "Av 412 liknande namn de senaste 90 dagarna togs 290 direkt.";
    expect(render({ catchRisk: 70, catchRiskBasis: basis })).toContain(`<span class="card-risk-basis">${basis}</span>`);
    expect(render({ catchRisk: 70, catchRiskBasis: basis, releaseDate: "2030-06-08" })).not.toContain("card-risk-basis");
    expect(render({ catchRisk: 70 })).not.toContain("card-risk-basis");
  });

  it("says nothing once the name is released, on other statuses, or where the list does not read it", () => {
    expect(text(render({ catchRisk: 72, releaseDate: "2030-06-08" }))).not.toContain("risk att tas direkt");
    expect(text(render({ catchRisk: 72, status: "available" }))).not.toContain("risk att tas direkt");
    expect(text(render({}))).not.toMatch(/risk att tas direkt/i);
  });
});
