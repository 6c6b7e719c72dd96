import { expect, it } from "vitest";
import { bookmarks } from "~/server/db/schema/index.server";
import { createDomain, createDomains } from "~tests/factories/domains";
import { createUser } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { createCalendarFeed, findCalendarFeed, isWellFormedFeedToken, revokeCalendarFeed } from "./calendar-feed.server";
import { findCalendarEvents } from "./find-calendar-events.server";
import { listBookmarks } from "./list-bookmarks.server";
import { MAX_BOOKMARKS_PER_USER, setBookmark } from "./set-bookmark.server";

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

  it("refuses a name that is not in the database and leaves nothing behind", async () => {
    const anna = await createUser(db());
    expect(await setBookmark(db(), anna.id, "finnsinte.se", true)).toEqual({ ok: false, reason: "unknown-domain" });
    expect(await db().select().from(bookmarks)).toHaveLength(0);
  });

  it("caps the number of bookmarks per user", async () => {
    const anna = await createUser(db());
    const rows = await createDomains(db(), MAX_BOOKMARKS_PER_USER + 1);
    await db().insert(bookmarks).values(rows.slice(0, MAX_BOOKMARKS_PER_USER).map((row) => ({ userId: anna.id, domainName: row.name })));
    expect(await setBookmark(db(), anna.id, rows[MAX_BOOKMARKS_PER_USER].name, true)).toEqual({ ok: false, reason: "too-many" });
    // Adding one that is already there still answers "bookmarked".
    expect(await setBookmark(db(), anna.id, rows[0].name, true)).toEqual({ ok: true, bookmarked: true });
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

    const list = await listBookmarks(db(), anna.id);
    expect(list.map((row) => [row.unicodeName, row.status])).toEqual(
      expect.arrayContaining([
        ["räksmörgås.se", "soonavailable"],
        ["hund.se", "registered"],
        ["kaffe.nu", "premium"],
      ]),
    );
    expect(list).toHaveLength(3);
    expect(list.find((row) => row.name === soon.name)).toMatchObject({ name: "xn--rksmrgs-5wao1o.se", releaseDate: "2030-05-01", tld: ".se" });
    expect(await listBookmarks(db(), bo.id)).toHaveLength(1);
  });

  it("makes, replaces and revokes a private calendar feed of soon-available bookmarks", async () => {
    const anna = await createUser(db());
    const soon = await createDomain(db(), { name: "räksmörgås.se", status: "soonavailable", releaseDate: "2030-05-01" });
    const later = await createDomain(db(), { name: "blåbärsskogen.nu", status: "soonavailable", releaseDate: "2030-06-01" });
    const taken = await createDomain(db(), { name: "hund.se", status: "registered" });
    for (const domain of [later, soon, taken]) await setBookmark(db(), anna.id, domain.name, true);

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
