import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pageMeta, SITE_IMAGE, siteFromMatches } from "./page-meta";

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

  it("gives every page the site's picture, absolute, with its size and a description", () => {
    const tags = pageMeta(site, { title: "Premiumdomäner", description: "Köp en premiumdomän.", path: "/premium" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://snartlediga.se/og-image.png" });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(tags).toContainEqual({ property: "og:image:height", content: "630" });
    expect(tags).toContainEqual({ property: "og:image:alt", content: "Snart lediga – hitta din nästa .se- eller .nu-domän" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("names a picture that is in public/ at the size it announces", () => {
    const png = readFileSync(new URL(`../../public${SITE_IMAGE.path}`, import.meta.url));
    // A PNG's IHDR chunk: width and height as 32-bit big-endian integers at bytes 16 and 20.
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([SITE_IMAGE.width, SITE_IMAGE.height]);
  });
});
