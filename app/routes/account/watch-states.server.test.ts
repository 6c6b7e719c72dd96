import { expect, it } from "vitest";
import type { WatchStatePage } from "~/domain/watch-list-view";
import { bookmarks } from "~/server/db/schema/index.server";
import { createDomain } from "~tests/factories/domains";
import { createSignedInUser, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { insertZone } from "~tests/factories/zone";
import { callRoute } from "~tests/security/support/call-route";
import { describeEachEngine } from "~tests/setup/test-db";
import { loader } from "./account";

describeEachEngine("/account?tab=bookmarks: the watch list's states, sort and filter in the address", ({ handle }) => {
  it("reads sort, filter and page from the address; anything unknown is the default, never an error", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    const anna = await createSignedInUser(db, { email: "anna@example.se" });
    await createDomain(db, { name: "bal.se", status: "soonavailable", releaseDate: "2099-01-06" });
    await insertZone(db, ".se", new Date("2026-12-03T06:00:00Z"), [{ name: "anka.se", nameServers: ["ns1.loopia.se"] }]);
    await db.insert(bookmarks).values([
      { userId: anna.id, domainName: "anka.se", createdAt: new Date("2026-11-01T00:00:00Z") },
      { userId: anna.id, domainName: "bal.se", createdAt: new Date("2026-11-02T00:00:00Z") },
      { userId: anna.id, domainName: "ceder.se", createdAt: new Date("2026-11-03T00:00:00Z") },
    ]);
    const list = async (query: string) => {
      const outcome = await callRoute(loader as never, siteRequest(`/account?tab=bookmarks${query}`, { cookie: anna.cookie }));
      expect(outcome.status).toBe(200);
      const page = (outcome.body as { bookmarks: WatchStatePage }).bookmarks;
      return { view: page.view, rows: page.watches.map((watch) => [watch.name, watch.state.kind]) };
    };

    expect(await list("&ordning=namn")).toEqual({
      view: { sort: "namn", filter: null, page: 1 },
      rows: [
        ["anka.se", "registered"],
        ["bal.se", "on_list"],
        ["ceder.se", "unknown"],
      ],
    });
    expect((await list("&ordning=bevakad")).rows.map(([name]) => name)).toEqual(["ceder.se", "bal.se", "anka.se"]);
    expect(await list("&visa=on_list&ordning=namn")).toEqual({
      view: { sort: "namn", filter: "on_list", page: 1 },
      rows: [["bal.se", "on_list"]],
    });
    expect((await list("&visa=andrade")).rows).toEqual([]);
    expect((await list("&visa=<script>&ordning=%00&sida=-1")).view).toEqual({ sort: "andrad", filter: null, page: 1 });
  });
});
