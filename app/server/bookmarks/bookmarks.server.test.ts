import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { WATCHES_PER_PAGE } from "~/domain/watches";
import { bookmarks, domains } from "~/server/db/schema/index.server";
import { createDomain } from "~tests/factories/domains";
import { createUser } from "~tests/factories/users";
import { insertZone } from "~tests/factories/zone";
import { describeEachEngine } from "~tests/setup/test-db";
import { createCalendarFeed, findCalendarFeed, isWellFormedFeedToken, revokeCalendarFeed } from "./calendar-feed.server";
import { findCalendarEvents } from "./find-calendar-events.server";
import { listBookmarkPage, listBookmarks } from "./list-bookmarks.server";
import { MAX_BOOKMARKS_PER_USER, setBookmark } from "./set-bookmark.server";

/** `count` watches of `userId` on names that are on no list ("n0.se", "n1.se", ...), inserted directly. */
async function insertWatches(db: Parameters<typeof setBookmark>[0], userId: string, count: number, from = 0) {
  const rows = Array.from({ length: count }, (_, index) => ({ userId, domainName: `n${from + index}.se` }));
  await db.insert(bookmarks).values(rows);
}

describeEachEngine("bookmarks", ({ handle }) => {
  const db = () => handle().db;

  it("adds and removes idempotently, one row per user and name", async () => {
    const anna = await createUser(db());
    const bo = await createUser(db());
    const domain = await createDomain(db(), { name: "räksmörgås.se", status: "soonavailable" });

    expect(await setBookmark(db(), anna.id, domain.name, true)).toEqual({ ok: true, bookmarked: true });
    expect(await setBookmark(db(), anna.id, domain.name, true)).toEqual({ ok: true, bookmarked: true });
    expect(await setBookmark(db(), bo.id, domain.name, true)).toEqual({ ok: true, bookmarked: true });
    expect(await db().select().from(bookmarks)).toHaveLength(2);

    expect(await setBookmark(db(), anna.id, domain.name, false)).toEqual({ ok: true, bookmarked: false });
    expect(await setBookmark(db(), anna.id, domain.name, false)).toEqual({ ok: true, bookmarked: false });
    expect((await db().select().from(bookmarks)).map((row) => row.userId)).toEqual([bo.id]);
  });

  it("is unique per user and name in the database itself", async () => {
    const anna = await createUser(db());
    const domain = await createDomain(db());
    await db().insert(bookmarks).values({ userId: anna.id, domainName: domain.name });
    await expect(db().insert(bookmarks).values({ userId: anna.id, domainName: domain.name })).rejects.toThrow();
  });

  it("watches a valid name on no list, by name, and keeps the key's shape in the database itself", async () => {
    const anna = await createUser(db());
    expect(await setBookmark(db(), anna.id, "finnsinte.se", true)).toEqual({ ok: true, bookmarked: true });
    expect(await setBookmark(db(), anna.id, "xn--rksmrgs-5wao1o.nu", true)).toEqual({ ok: true, bookmarked: true });
    expect((await db().select().from(bookmarks)).map((row) => row.domainName).sort()).toEqual(["finnsinte.se", "xn--rksmrgs-5wao1o.nu"]);
    for (const bad of ["Hund.se", "hund.com", "a.b.se", "räksmörgås.se", ""]) {
      await expect(db().insert(bookmarks).values({ userId: anna.id, domainName: bad })).rejects.toThrow();
    }
  });

  it("keeps everyone's watch of a name when the name leaves the lists", async () => {
    const anna = await createUser(db());
    const premium = await createDomain(db(), { name: "kaffe.nu", status: "premium" });
    await setBookmark(db(), anna.id, premium.name, true);
    await db().delete(domains).where(eq(domains.name, premium.name));
    expect(await listBookmarks(db(), anna.id)).toMatchObject([{ name: "kaffe.nu", unicodeName: "kaffe.nu", status: "unknown" }]);
  });

  it("caps the number of watches per account at 1,000", async () => {
    expect(MAX_BOOKMARKS_PER_USER).toBe(1000);
    const anna = await createUser(db());
    const bo = await createUser(db());
    await insertWatches(db(), anna.id, MAX_BOOKMARKS_PER_USER);
    expect(await setBookmark(db(), anna.id, "enfor.se", true)).toEqual({ ok: false, reason: "too-many" });
    // Adding one that is already there still answers "bookmarked"; another account has its own 1,000.
    expect(await setBookmark(db(), anna.id, "n0.se", true)).toEqual({ ok: true, bookmarked: true });
    expect(await setBookmark(db(), bo.id, "enfor.se", true)).toEqual({ ok: true, bookmarked: true });
    // Removing one makes room for one.
    await setBookmark(db(), anna.id, "n0.se", false);
    expect(await setBookmark(db(), anna.id, "enfor.se", true)).toEqual({ ok: true, bookmarked: true });
    expect(await setBookmark(db(), anna.id, "entill.se", true)).toEqual({ ok: false, reason: "too-many" });
    expect(await db().$count(bookmarks, eq(bookmarks.userId, anna.id))).toBe(MAX_BOOKMARKS_PER_USER);
  });

  it("lets only as many adds through as fit under the limit when they come at once", async () => {
    const anna = await createUser(db());
    await insertWatches(db(), anna.id, MAX_BOOKMARKS_PER_USER - 2);
    const results = await Promise.all(Array.from({ length: 6 }, (_, index) => setBookmark(db(), anna.id, `samtidig${index}.se`, true)));
    expect(results.filter((result) => result.ok)).toHaveLength(2);
    expect(results.filter((result) => !result.ok)).toEqual(Array.from({ length: 4 }, () => ({ ok: false, reason: "too-many" })));
    expect(await db().$count(bookmarks, eq(bookmarks.userId, anna.id))).toBe(MAX_BOOKMARKS_PER_USER);
  });

  it("pages the account's list, newest first, a listed name as its card and a name on no list with what the zone says", async () => {
    const anna = await createUser(db());
    const listed = await createDomain(db(), { name: "räksmörgås.se", status: "soonavailable", releaseDate: "2030-05-01" });
    const at = new Date("2026-12-04T06:00:00Z");
    await insertZone(db(), ".se", at, [{ name: "hund.se", nameServers: ["ns1.loopia.se", "ns2.loopia.se"] }]);
    const watched = (name: string, minute: number) => ({
      userId: anna.id,
      domainName: name,
      createdAt: new Date(Date.UTC(2030, 0, 1, 0, minute)),
    });
    await db()
      .insert(bookmarks)
      .values([watched(listed.name, 3), watched("hund.se", 2), watched("katt.se", 1), watched("kanin.nu", 0)]);

    const page = await listBookmarkPage(db(), anna.id, 1);
    expect(page).toMatchObject({ total: 4, page: 1, pageCount: 1 });
    expect(page.watches.map((watch) => watch.unicodeName)).toEqual(["räksmörgås.se", "hund.se", "katt.se", "kanin.nu"]);
    const [soon, hund, katt, kanin] = page.watches;
    expect(soon).toMatchObject({
      name: "xn--rksmrgs-5wao1o.se",
      listed: { status: "soonavailable", releaseDate: "2030-05-01" },
      zone: null,
    });
    expect(hund).toMatchObject({ listed: null, tld: ".se", zone: { delegated: true, operator: { name: "Loopia" } } });
    expect(katt).toMatchObject({ listed: null, zone: { delegated: false } });
    // .nu has no snapshot: nothing to say.
    expect(kanin).toMatchObject({ listed: null, tld: ".nu", zone: null });

    await insertWatches(db(), anna.id, WATCHES_PER_PAGE * 2);
    const second = await listBookmarkPage(db(), anna.id, 2);
    expect(second).toMatchObject({ total: WATCHES_PER_PAGE * 2 + 4, page: 2, pageCount: 3 });
    expect(second.watches).toHaveLength(WATCHES_PER_PAGE);
    // The four of 2030 are still the newest; past the end is the last page, which holds the rest.
    expect((await listBookmarkPage(db(), anna.id, 1)).watches.slice(0, 4).map((watch) => watch.unicodeName)).toEqual([
      "räksmörgås.se",
      "hund.se",
      "katt.se",
      "kanin.nu",
    ]);
    const last = await listBookmarkPage(db(), anna.id, 99);
    expect(last.page).toBe(3);
    expect(last.watches).toHaveLength(4);
    expect(await listBookmarkPage(db(), (await createUser(db())).id, 1)).toEqual({ watches: [], total: 0, page: 1, pageCount: 1 });
  });

  it("lists the user's bookmarks with each name's real current status", async () => {
    const anna = await createUser(db());
    const bo = await createUser(db());
    const soon = await createDomain(db(), { name: "räksmörgås.se", status: "soonavailable", releaseDate: "2030-05-01" });
    const taken = await createDomain(db(), { name: "hund.se", status: "registered" });
    const premium = await createDomain(db(), { name: "kaffe.nu", status: "premium", price: 25_000 });
    await setBookmark(db(), anna.id, soon.name, true);
    await setBookmark(db(), anna.id, taken.name, true);
    await setBookmark(db(), anna.id, premium.name, true);
    await setBookmark(db(), bo.id, soon.name, true);

    await setBookmark(db(), anna.id, "inpalistan.nu", true);
    const list = await listBookmarks(db(), anna.id);
    expect(list.map((row) => [row.unicodeName, row.status])).toEqual(
      expect.arrayContaining([
        ["räksmörgås.se", "soonavailable"],
        ["hund.se", "registered"],
        ["kaffe.nu", "premium"],
        ["inpalistan.nu", "unknown"],
      ]),
    );
    expect(list).toHaveLength(4);
    expect(list.find((row) => row.name === soon.name)).toMatchObject({ name: "xn--rksmrgs-5wao1o.se", releaseDate: "2030-05-01" });
    expect(await listBookmarks(db(), bo.id)).toHaveLength(1);
  });

  it("makes, replaces and revokes a private calendar feed of soon-available bookmarks", async () => {
    const anna = await createUser(db());
    const soon = await createDomain(db(), { name: "räksmörgås.se", status: "soonavailable", releaseDate: "2030-05-01" });
    const later = await createDomain(db(), { name: "blåbärsskogen.nu", status: "soonavailable", releaseDate: "2030-06-01" });
    const taken = await createDomain(db(), { name: "hund.se", status: "registered" });
    for (const domain of [later, soon, taken]) await setBookmark(db(), anna.id, domain.name, true);
    // A name on no list has no release date to put in the calendar.
    await setBookmark(db(), anna.id, "inpalistan.se", true);

    expect(await findCalendarFeed(db(), anna.id)).toBeNull();
    const feed = await createCalendarFeed(db(), anna.id);
    expect(isWellFormedFeedToken(feed.token)).toBe(true);
    expect(Buffer.from(feed.token, "base64url")).toHaveLength(32);
    expect(await findCalendarFeed(db(), anna.id)).toMatchObject({ token: feed.token });
    expect(await findCalendarEvents(db(), feed.token)).toEqual([
      { name: "xn--rksmrgs-5wao1o.se", unicodeName: "räksmörgås.se", releaseDate: "2030-05-01" },
      { name: later.name, unicodeName: "blåbärsskogen.nu", releaseDate: "2030-06-01" },
    ]);

    const replaced = await createCalendarFeed(db(), anna.id);
    expect(replaced.token).not.toBe(feed.token);
    expect(await findCalendarEvents(db(), feed.token)).toBeNull();
    expect(await findCalendarEvents(db(), replaced.token)).toHaveLength(2);

    await revokeCalendarFeed(db(), anna.id);
    expect(await findCalendarEvents(db(), replaced.token)).toBeNull();
    expect(await findCalendarFeed(db(), anna.id)).toBeNull();
  });
});
