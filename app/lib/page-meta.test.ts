import { describe, expect, it } from "vitest";
import { pageMeta, siteFromMatches } from "./page-meta";

describe("pageMeta", () => {
  const site = siteFromMatches([{ id: "root", loaderData: { site: { siteName: "Snart lediga", siteUrl: "https://snartlediga.se" } } }]);

  it("reads the site from the root match's loaderData", () => {
    expect(site).toEqual({ siteName: "Snart lediga", siteUrl: "https://snartlediga.se" });
  });

  it("gives a suffixed title and an absolute canonical URL", () => {
    const tags = pageMeta(site, { title: "Premiumdomäner", description: "Köp en premiumdomän.", path: "/premium" });
    expect(tags).toContainEqual({ title: "Premiumdomäner | Snart lediga" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://snartlediga.se/premium" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://snartlediga.se/premium" });
  });
});
