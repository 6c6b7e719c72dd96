import { expect, it } from "vitest";
import { insertDomain } from "~tests/factories/domain-detail";
import { describeEachEngine } from "~tests/setup/test-db";
import { countSitemapDomains } from "./find-sitemap-domains.server";
import { streamDomainSitemap } from "./stream-domain-sitemap.server";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
}

describeEachEngine("domain sitemaps", ({ handle }) => {
  it("lists every listed name once across pages, in name order, and nothing else", async () => {
    const { db } = handle();
    const listed = ["alfa.se", "beta.se", "cesar.nu", "david.se", "erik.nu", "filip.se", "gustav.se"];
    for (const [index, name] of listed.entries()) {
      await insertDomain(db, name, { status: (["soonavailable", "available", "premium"] as const)[index % 3] });
    }
    await insertDomain(db, "registrerad.se", { status: "registered" });
    await insertDomain(db, "fornyad.se", { status: "renewed" });
    await insertDomain(db, "dold.se", { status: "unlisted" });
    expect(await countSitemapDomains(db)).toBe(7);

    const pages: string[][] = [];
    for (let page = 1; page <= 3; page++) {
      const stream = await streamDomainSitemap(db, { siteUrl: "https://example.se", page, pageSize: 3, chunkSize: 2 });
      const xml = await readAll(stream!);
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(xml.trim().endsWith("</urlset>")).toBe(true);
      pages.push(locations(xml));
    }
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(listed.map((name) => `https://example.se/d/${name}`));
    expect(await streamDomainSitemap(db, { siteUrl: "https://example.se", page: 4, pageSize: 3 })).toBeNull();
  });

  it("links the Unicode page, percent-encoded and XML-escaped, with the last change as lastmod", async () => {
    const { db, query } = handle();
    await insertDomain(db, "räksmörgås.se");
    await query("update domains set updated_at = '2025-02-03T10:00:00Z'");
    const xml = await readAll((await streamDomainSitemap(db, { siteUrl: "https://example.se/?a=1&b=2", page: 1 }))!);
    expect(xml).toContain(
      "<url><loc>https://example.se/?a=1&amp;b=2/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se</loc><lastmod>2025-02-03</lastmod></url>",
    );
  });

  it("gives a valid empty file for page 1 of an empty database", async () => {
    const xml = await readAll((await streamDomainSitemap(handle().db, { siteUrl: "https://example.se", page: 1 }))!);
    expect(locations(xml)).toEqual([]);
    expect(xml).toContain("<urlset");
  });
});
