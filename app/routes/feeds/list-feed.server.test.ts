import { expect, it } from "vitest";
import { createDomains } from "~tests/factories/domains";
import { appContextForTests, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { loader } from "./list-feed";

async function feed(file: string, search = "", headers: Record<string, string> = {}) {
  return (await loader({ request: siteRequest(`/feeds/${file}${search}`, { headers }), params: { file }, context: appContextForTests() } as never)) as Response;
}
const entryTitles = (atom: string) => [...atom.matchAll(/<entry>[\s\S]*?<title[^>]*>(?:<!\[CDATA\[)?([^<\]]+)/g)].map((match) => match[1]);

describeEachEngine("a list view's Atom feed", ({ handle }) => {
  it("holds the view's names, newest change first, as Atom with links to their pages", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    await createDomains(db, [
      { name: "bil.se", updatedAt: new Date("2030-01-01T10:00:00Z") },
      { name: "bilar.nu", updatedAt: new Date("2030-01-03T10:00:00Z") },
      { name: "båt.nu", updatedAt: new Date("2030-01-02T10:00:00Z") },
    ], { status: "soonavailable", releaseDate: "2099-01-05" });
    await createDomains(db, [{ name: "hund.se", status: "available" }]);

    const all = await feed("soon-available.atom");
    expect(all.status).toBe(200);
    expect(all.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const atom = await all.text();
    expect(atom).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    expect(entryTitles(atom)).toEqual(["bilar.nu", "båt.nu", "bil.se"]);
    expect(atom).toContain(`href="${new URL(`/d/${encodeURIComponent("båt.nu")}`, process.env.SITE_URL).href}"`);
    expect(atom).toContain("Släpps");

    const filtered = await (await feed("soon-available.atom", "?tld=nu&tecken=letters")).text();
    expect(entryTitles(filtered)).toEqual(["bilar.nu"]);
    // The feed's own address and its page's keep the view's filters.
    expect(filtered).toContain("/feeds/soon-available.atom?tld=nu&amp;tecken=letters");
    expect(filtered).toContain("/soon-available?tld=nu&amp;tecken=letters");
    expect(entryTitles(await (await feed("available.atom")).text())).toEqual(["hund.se"]);
  });

  it("answers 304 to its own ETag until the view changes", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    await createDomains(db, [{ name: "bil.se" }], { status: "soonavailable", releaseDate: "2099-01-05" });
    const first = await feed("soon-available.atom", "?min=3");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await feed("soon-available.atom", "?min=3", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    await createDomains(db, [{ name: "bilen.se" }], { status: "soonavailable", releaseDate: "2099-01-06" });
    const changed = await feed("soon-available.atom", "?min=3", { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("is 404 for a list without a feed, and any filter value gives a feed", async () => {
    await useAppAuthForTests(handle());
    expect((await feed("registered.atom")).status).toBe(404);
    expect((await feed("soon-available.rss")).status).toBe(404);
    const garbage = await feed("soon-available.atom", `?tld=com&min=-1&borjar=${"<&>".repeat(3000)}`);
    expect(garbage.status).toBe(200);
    expect(await garbage.text()).toContain("<feed");
  });
});
