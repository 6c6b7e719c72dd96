import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { WatchListView } from "~/domain/watch-list-view";
import { bookmarks, domains, releaseOutcomes } from "~/server/db/schema/index.server";
import { createDomain } from "~tests/factories/domains";
import { createUser } from "~tests/factories/users";
import { seedZoneHistory } from "~tests/factories/zone";
import { describeEachEngine } from "~tests/setup/test-db";
import { findWatchStates, listWatchStatePage } from "./watch-states.server";

const NOW = new Date("2026-12-05T08:00:00Z");
const FIRST = new Date("2026-12-01T06:00:00Z");
const SECOND = new Date("2026-12-04T06:00:00Z");

const view = (more: Partial<WatchListView> = {}): WatchListView => ({ sort: "andrad", filter: null, page: 1, ...more });

describeEachEngine("the states of an account's watches", ({ handle }) => {
  const db = () => handle().db;

  /**
   * A hand-made set: hund.se registered since the first snapshot (Loopia), fisk.se gone from the
   * zone, listad.se on the list, ledig.se released and free, katt.se taken again (Cloudflare),
   * fornyad.se renewed, okand.nu unknown (no .nu snapshot).
   */
  async function seedWatches(userId: string) {
    await seedZoneHistory(db(), FIRST, SECOND);
    await createDomain(db(), { name: "listad.se", status: "soonavailable", releaseDate: "2026-12-10" });
    await createDomain(db(), { name: "ledig.se", status: "available", releaseDate: "2026-12-03" });
    await createDomain(db(), {
      name: "katt.se",
      status: "registered",
      releaseDate: "2026-12-03",
      takenAt: new Date("2026-12-04T06:10:00Z"),
    });
    await createDomain(db(), { name: "fornyad.se", status: "renewed", releaseDate: "2026-12-10" });
    const outcome = (name: string, releaseDate: string, more: Partial<typeof releaseOutcomes.$inferInsert> = {}) => ({
      domainName: name,
      releaseDate,
      tld: ".se" as const,
      length: name.length - 3,
      nameChars: 1,
      listedOn: "2026-11-20",
      ...more,
    });
    await db()
      .insert(releaseOutcomes)
      .values([
        outcome("listad.se", "2026-12-10"),
        outcome("ledig.se", "2026-12-03", { firstFreeAt: new Date("2026-12-03T04:05:00Z") }),
        // An older release of ledig.se, taken then: the latest release is the one that counts.
        outcome("ledig.se", "2024-01-03", { takenAt: new Date("2024-01-04T00:00:00Z") }),
        outcome("katt.se", "2026-12-03", { firstFreeAt: new Date("2026-12-03T04:05:00Z"), takenAt: new Date("2026-12-04T06:10:00Z") }),
        outcome("fornyad.se", "2026-12-10", { renewedOn: "2026-12-02" }),
      ]);
    const names = ["hund.se", "fisk.se", "listad.se", "ledig.se", "katt.se", "fornyad.se", "okand.nu"];
    await db()
      .insert(bookmarks)
      .values(names.map((name, index) => ({ userId, domainName: name, createdAt: new Date(Date.UTC(2026, 10, 1, 0, index)) })));
  }

  it("gives every watch its state from its list row, latest release and the zone", async () => {
    const anna = await createUser(db());
    await seedWatches(anna.id);
    const states = await findWatchStates(db(), anna.id, NOW);
    expect(Object.fromEntries(states.map((watch) => [watch.name, watch.state]))).toEqual({
      "okand.nu": { kind: "unknown", since: null, releaseDate: null, operator: null },
      "fornyad.se": { kind: "renewed", since: "2026-12-02T00:00:00.000Z", releaseDate: "2026-12-10", operator: null },
      "katt.se": {
        kind: "taken_again",
        since: "2026-12-04T06:10:00.000Z",
        releaseDate: "2026-12-03",
        operator: "Cloudflare",
        operatorInTable: true,
      },
      "ledig.se": { kind: "released_free", since: "2026-12-03T04:05:00.000Z", releaseDate: "2026-12-03", operator: null },
      "listad.se": { kind: "on_list", since: "2026-11-20T00:00:00.000Z", releaseDate: "2026-12-10", operator: null },
      "fisk.se": { kind: "gone_from_zone", since: SECOND.toISOString(), releaseDate: null, operator: null },
      "hund.se": { kind: "registered", since: null, releaseDate: null, operator: "Loopia", operatorInTable: true },
    });
    // Newest watched first; nothing is new before the list has shown anything.
    expect(states.map((watch) => watch.name)[0]).toBe("okand.nu");
    expect(states.filter((watch) => watch.isNew)).toEqual([]);
  });

  it("sorts and filters the list by the view, with counts of every state", async () => {
    const anna = await createUser(db());
    await seedWatches(anna.id);
    const changedFirst = await listWatchStatePage(db(), anna.id, view(), NOW);
    expect(changedFirst.watches.map((watch) => watch.name)).toEqual([
      "katt.se",
      "fisk.se",
      "ledig.se",
      "fornyad.se",
      "listad.se",
      "okand.nu",
      "hund.se",
    ]);
    expect(changedFirst.counts).toMatchObject({
      registered: 1,
      gone_from_zone: 1,
      on_list: 1,
      released_free: 1,
      taken_again: 1,
      renewed: 1,
      unknown: 1,
      free: 0,
    });
    const byName = await listWatchStatePage(db(), anna.id, view({ sort: "namn" }), NOW);
    expect(byName.watches.map((watch) => watch.name)).toEqual([
      "fisk.se",
      "fornyad.se",
      "hund.se",
      "katt.se",
      "ledig.se",
      "listad.se",
      "okand.nu",
    ]);
    const taken = await listWatchStatePage(db(), anna.id, view({ filter: "taken_again" }), NOW);
    expect([taken.total, taken.matching, taken.watches.map((watch) => watch.name)]).toEqual([7, 1, ["katt.se"]]);
    const none = await listWatchStatePage(db(), anna.id, view({ filter: "premium", page: 3 }), NOW);
    expect([none.matching, none.page, none.pageCount, none.watches]).toEqual([0, 1, 1, []]);
  });

  it("marks a changed state new until a visit has shown it, recording only the rows shown", async () => {
    const anna = await createUser(db());
    const bo = await createUser(db());
    await seedWatches(anna.id);
    await db().insert(bookmarks).values({ userId: bo.id, domainName: "ledig.se" });
    // The first visit records every state as the baseline, without marks.
    expect((await listWatchStatePage(db(), anna.id, view({ filter: "registered" }), NOW)).changed).toBe(0);
    const shown = await db()
      .select({ name: bookmarks.domainName, state: bookmarks.shownState })
      .from(bookmarks)
      .where(eq(bookmarks.userId, anna.id));
    expect(shown.every((row) => row.state !== null)).toBe(true);

    // ledig.se is taken; listad.se comes back into the zone and is renewed (the list says so).
    await db()
      .update(domains)
      .set({ status: "registered", takenAt: new Date("2026-12-05T07:00:00Z") })
      .where(eq(domains.name, "ledig.se"));
    await db()
      .update(releaseOutcomes)
      .set({ takenAt: new Date("2026-12-05T07:00:00Z") })
      .where(and(eq(releaseOutcomes.domainName, "ledig.se"), eq(releaseOutcomes.releaseDate, "2026-12-03")));
    await db().update(domains).set({ status: "renewed" }).where(eq(domains.name, "listad.se"));

    // A later visit (the list not loaded for longer than a visit's gap).
    const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    const registered = await listWatchStatePage(db(), anna.id, view({ filter: "registered" }), later(60));
    expect(registered.changed).toBe(2);
    expect(registered.watches.map((watch) => [watch.name, watch.isNew])).toEqual([["hund.se", false]]);
    // Not shown on that page: still new.
    const changed = await listWatchStatePage(db(), anna.id, view({ filter: "andrade", sort: "namn" }), later(61));
    expect(changed.watches.map((watch) => [watch.name, watch.state.kind, watch.isNew])).toEqual([
      ["ledig.se", "taken_again", true],
      ["listad.se", "renewed", true],
    ]);
    // Shown, and still new for the rest of this visit: a reload or another order keeps the mark.
    const again = await listWatchStatePage(db(), anna.id, view({ filter: "andrade" }), later(75));
    expect([again.changed, again.watches.map((watch) => watch.name).sort()]).toEqual([2, ["ledig.se", "listad.se"]]);
    // The next visit: no longer new.
    const after = await listWatchStatePage(db(), anna.id, view(), later(180));
    expect([after.changed, after.watches.filter((watch) => watch.isNew)]).toEqual([0, []]);
    // Another account's watch of the same name has its own record.
    expect((await listWatchStatePage(db(), bo.id, view(), NOW)).watches.map((watch) => watch.shown.kind)).toEqual([null]);
  });

  it("pages 48 at a time in the view's order; a page past the end is the last", async () => {
    const anna = await createUser(db());
    await db()
      .insert(bookmarks)
      .values(Array.from({ length: 50 }, (_, index) => ({ userId: anna.id, domainName: `n${String(index).padStart(2, "0")}.se` })));
    const second = await listWatchStatePage(db(), anna.id, view({ sort: "namn", page: 2 }), NOW);
    expect([second.page, second.pageCount, second.watches.map((watch) => watch.name)]).toEqual([2, 2, ["n48.se", "n49.se"]]);
    expect((await listWatchStatePage(db(), anna.id, view({ sort: "namn", page: 99 }), NOW)).page).toBe(2);
  });
});
