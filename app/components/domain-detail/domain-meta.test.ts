import { describe, expect, it } from "vitest";
import { domainFaq } from "./domain-faq-content";
import { domainPageDescription, domainPageMeta, domainPageTitle } from "./domain-meta";
import type { ZoneFacts } from "~/domain/zone-facts";
import type { DomainView } from "./types";

const inZone: ZoneFacts = {
  snapshotAt: "2026-12-04T06:00:00Z",
  delegated: true,
  since: "2026-12-03T06:00:00Z",
  sinceIsFirstSnapshot: true,
  nameServers: ["ns1.loopia.se", "ns2.loopia.se"],
  hasDs: false,
  operator: { name: "Loopia", kind: "registrar_host", fromTable: true },
  lastChange: null,
};
const notInZone: ZoneFacts = { ...inZone, delegated: false, since: null, nameServers: [], operator: null };

const name = { ace: "xn--rksmrgs-5wao1o.se", unicode: "räksmörgås.se", label: "räksmörgås", tld: ".se", length: 10 };
const site = { siteName: "Snart lediga", siteUrl: "https://snartlediga.se" };

function domain(overrides: Partial<DomainView> = {}): DomainView {
  return {
    status: "soonavailable",
    isFeatured: false,
    score: 70,
    price: null,
    description: null,
    releaseDate: "2026-07-06",
    registrationDate: null,
    updatedAt: "2026-06-01T10:00:00.000Z",
    ...overrides,
  };
}

describe("domain page meta", () => {
  it.each([
    ["soonavailable", domain(), "räksmörgås.se – släpps 6 juli 2026"],
    ["available", domain({ status: "available" }), "räksmörgås.se – ledig att registrera"],
    ["premium", domain({ status: "premium", releaseDate: null }), "räksmörgås.se – premiumdomän till salu"],
    ["registered", domain({ status: "registered" }), "räksmörgås.se – registrerad"],
    ["renewed", domain({ status: "renewed" }), "räksmörgås.se – förnyad av innehavaren"],
    ["unlisted", domain({ status: "unlisted" }), "räksmörgås.se – domäninformation"],
    ["unknown", null, "räksmörgås.se – okänd status"],
  ] as const)("titles a %s name", (status, row, title) => {
    expect(domainPageTitle({ name, domain: row, status })).toBe(title);
  });

  it("titles a name on no list by what the registry's zone says of it, and 'okänd status' only without a snapshot", () => {
    expect(domainPageTitle({ name, domain: null, status: "unknown", zone: inZone })).toBe("räksmörgås.se – registrerad (i registrets zon)");
    expect(domainPageTitle({ name, domain: null, status: "unknown", zone: notInZone })).toBe("räksmörgås.se – inte i registrets zon");
    expect(domainPageTitle({ name, domain: null, status: "unknown", zone: null })).toBe("räksmörgås.se – okänd status");
    expect(domainPageDescription({ name, domain: null, status: "unknown", zone: inZone })).toMatch(
      /^räksmörgås\.se är registrerad: namnet finns i registrets zon och pekar på Loopias namnservrar\./,
    );
    expect(domainPageDescription({ name, domain: null, status: "unknown", zone: notInZone })).toMatch(
      /^räksmörgås\.se finns inte i registrets zon: domänen är antingen registrerad utan namnservrar eller ledig\./,
    );
    // A listed name keeps its list's status whatever the zone says.
    expect(domainPageTitle({ name, domain: domain({ status: "available" }), status: "available", zone: inZone })).toBe(
      "räksmörgås.se – ledig att registrera",
    );
    // Still out of the index: the page of a name on no list is reachable by typing any name.
    expect(domainPageMeta(site, { name, domain: null, status: "unknown", zone: inZone })).toContainEqual({
      name: "robots",
      content: "noindex",
    });
  });

  it("states the status and the release date in the description", () => {
    expect(domainPageDescription({ name, domain: domain(), status: "soonavailable" })).toMatch(
      /^räksmörgås\.se är snart ledig: domänen släpps 6 juli 2026 kl\. 04:00 UTC\./,
    );
    expect(domainPageDescription({ name, domain: domain({ status: "premium", price: 25_000 }), status: "premium" })).toContain(
      "25\u00a0000\u00a0kr",
    );
  });

  it("sets the canonical Unicode URL, Open Graph and schema.org data; unknown names are not indexed", () => {
    const tags = domainPageMeta(site, {
      name,
      domain: domain({ status: "premium", price: 9000, description: "</script><script>alert(1)</script>" }),
      status: "premium",
    });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://snartlediga.se/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se" });
    expect(tags).toContainEqual({ property: "og:title", content: "räksmörgås.se – premiumdomän till salu | Snart lediga" });
    const ld = tags.find((tag) => "script:ld+json" in tag) as { "script:ld+json": Record<string, unknown> };
    expect(ld["script:ld+json"]).toMatchObject({
      "@type": "WebPage",
      url: "https://snartlediga.se/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se",
      mainEntity: { "@type": "Product", offers: { price: 9000, priceCurrency: "SEK" } },
    });
    expect(tags).not.toContainEqual({ name: "robots", content: "noindex" });
    expect(domainPageMeta(site, { name, domain: null, status: "unknown" })).toContainEqual({ name: "robots", content: "noindex" });
  });
});

describe("domain FAQ", () => {
  const context = { unicodeName: "räksmörgås.se", tld: ".se", releaseDate: "2026-07-06" };

  it("has none for registered and renewed names", () => {
    expect(domainFaq("registered", context)).toEqual([]);
    expect(domainFaq("renewed", context)).toEqual([]);
  });

  it("answers when a soon-available name is released, and gives the typical .se price once", () => {
    const items = domainFaq("soonavailable", context);
    expect(items[0]).toMatchObject({ question: "När blir räksmörgås.se ledig?" });
    expect(items[0].answer).toContain("Domänen släpps 6 juli 2026, tidigast klockan 04:00 UTC.");
    expect(items.filter((item) => item.answer.includes("ca 100–300 kr per år"))).toHaveLength(1);
    expect(domainFaq("soonavailable", { ...context, tld: ".nu" }).some((item) => item.answer.includes("kr per år"))).toBe(false);
  });

  it("asks no 'okänd status' question of a name on no list that the zone delegates", () => {
    const questions = (inZone: boolean) => domainFaq("unknown", { ...context, releaseDate: null, inZone }).map((item) => item.question);
    expect(questions(false)).toContain("Varför har domänen okänd status?");
    expect(questions(true)).not.toContain("Varför har domänen okänd status?");
    expect(questions(true)).not.toContain("Hur ser jag om domänen är ledig?");
    expect(questions(true)[0]).toBe("Varför visar ni inget släppdatum för domänen?");
  });

  it("uses the premium page's questions for a premium name", () => {
    expect(domainFaq("premium", context).map((item) => item.question)).toContain("Vad är en premiumdomän?");
  });
});
