import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { ListPageData } from "~/domain/list-page";
import { savedSearches } from "~/server/db/schema/index.server";
import { saveSearch } from "~/server/saved-searches/saved-searches.server";
import { createDomains } from "~tests/factories/domains";
import { appContextForTests, createSignedInUser, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { loader as availableLoader } from "./available";
import { loader as featuredLoader } from "./featured";
import { loader as premiumLoader } from "./premium";
import { loader as soonLoader } from "./soon-available";

type Loaded = { data: ListPageData };

async function load(loader: (args: never) => unknown, path: string, options: { cookie?: string; headers?: Record<string, string> } = {}) {
  return ((await loader({ request: siteRequest(path, options), params: {}, context: appContextForTests() } as never)) as Loaded).data;
}

const PHONE = { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148" };
const names = (page: ListPageData) => page.domains.map((domain) => domain.name);

describeEachEngine("a list view's extent and saved search", ({ handle }) => {
  it("?sidor=N shows N pages from the view's start, the names and next cursor paging by ?after= gives, capped at 2,000 names", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    await createDomains(db, 60, { status: "soonavailable", isFeatured: true });
    await createDomains(db, 60, { status: "available", isFeatured: true });
    await createDomains(db, 60, { status: "premium" });
    // The featured list holds the featured names of all three (the factory features premium names).
    for (const [loader, path, total] of [
      [soonLoader, "/soon-available?sort=name-asc", 60],
      [availableLoader, "/available?sort=name-asc", 60],
      [featuredLoader, "/featured?sort=name-asc", 180],
      [premiumLoader, "/premium?sort=name-asc", 60],
    ] as const) {
      // On a phone a page holds 24.
      const first = await load(loader, path, { headers: PHONE });
      const second = await load(loader, `${path}&after=${encodeURIComponent(first.nextCursor!)}`, { headers: PHONE });
      const two = await load(loader, `${path}&sidor=2`, { headers: PHONE });
      expect(names(two), path).toEqual([...names(first), ...names(second)]);
      expect(two.nextCursor, path).toBe(second.nextCursor);
      expect([two.pages, two.pageSize, two.maxPages], path).toEqual([2, 24, 83]);
      // From a cursor: the pages after it (ten pages hold the rest).
      const later = await load(loader, `${path}&after=${encodeURIComponent(first.nextCursor!)}&sidor=10`, { headers: PHONE });
      expect(later.domains.length, path).toBe(total - 24);
      expect(later.nextCursor, path).toBeNull();
      // More than one answer may hold: capped (20 pages of 100 cards, 4 of 500 rows).
      expect((await load(loader, `${path}&sidor=9999`)).pages, path).toBe(20);
      expect((await load(loader, `${path}&sidor=9999&vy=tabell`)).pages, path).toBe(4);
    }
  });

  it("?sparad= marks the page's names new to the viewer's saved search of this view, and nobody else's or another view's", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    const anna = await createSignedInUser(db, { email: "anna@example.se" });
    const bo = await createSignedInUser(db, { email: "bo@example.se" });
    const result = await saveSearch(db, anna.id, { name: "Fyra tecken", list: "available", search: "min=4&max=4&sort=name-asc" });
    if (!result.ok) throw new Error("not saved");
    const { id } = result.search;
    await db
      .update(savedSearches)
      .set({ lastVisitedAt: new Date("2030-01-01T10:00:00Z") })
      .where(eq(savedSearches.id, id));
    await createDomains(
      db,
      [
        { name: "abcd.se", updatedAt: new Date("2030-01-01T09:00:00Z") },
        { name: "bcde.se", updatedAt: new Date("2030-01-01T11:00:00Z") },
      ],
      {
        status: "available",
      },
    );

    const view = `/available?min=4&max=4&sort=name-asc&sparad=${id}`;
    const opened = await load(availableLoader, view, { cookie: anna.cookie });
    expect(names(opened)).toEqual(["abcd.se", "bcde.se"]);
    expect(opened.openedSearch).toEqual({ id, name: "Fyra tecken", newNames: ["bcde.se"] });
    // Another order of the same names keeps the marks; other filters, another user or a visitor get none.
    expect((await load(availableLoader, `/available?min=4&max=4&sparad=${id}`, { cookie: anna.cookie })).openedSearch?.newNames).toEqual([
      "bcde.se",
    ]);
    expect((await load(availableLoader, `/available?min=4&sparad=${id}`, { cookie: anna.cookie })).openedSearch).toBeNull();
    expect((await load(availableLoader, view, { cookie: bo.cookie })).openedSearch).toBeNull();
    expect((await load(availableLoader, view)).openedSearch).toBeNull();
    expect((await load(availableLoader, "/available?min=4&max=4&sparad=%3Cnot-an-id%3E", { cookie: anna.cookie })).openedSearch).toBeNull();
  });
});
