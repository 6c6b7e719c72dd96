import { parse } from "csv-parse/sync";
import { expect, it } from "vitest";
import type { DownloadRow } from "~/domain/export-rows";
import type { WatchStateColumns } from "~/domain/watch-list-view";
import { bookmarks } from "~/server/db/schema/index.server";
import { createDomains } from "~tests/factories/domains";
import { createSignedInUser, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { callRoute } from "~tests/security/support/call-route";
import { describeEachEngine } from "~tests/setup/test-db";
import { insertZone } from "~tests/factories/zone";
import { loader } from "./bookmarks-export";

describeEachEngine("the bookmarks as a file", ({ handle }) => {
  it("holds the user's own bookmarks, newest first, in the list downloads' columns; a visitor is sent to sign in", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    const [first, second] = await createDomains(db, [
      { name: "räksmörgås.se", status: "soonavailable", releaseDate: "2099-01-06" },
      { name: "hund.nu", status: "available", releaseDate: "2020-02-01" },
      { name: "katt.se", status: "available" },
    ]);
    const anna = await createSignedInUser(db, { email: "anna@example.se" });
    const bo = await createSignedInUser(db, { email: "bo@example.se" });
    await db.insert(bookmarks).values({ userId: anna.id, domainName: first.name, createdAt: new Date("2030-01-01T00:00:00Z") });
    await db.insert(bookmarks).values({ userId: anna.id, domainName: second.name, createdAt: new Date("2030-01-02T00:00:00Z") });
    await db.insert(bookmarks).values({ userId: bo.id, domainName: "katt.se" });
    // A name on no list: in the file as "unlisted", scored, without dates.
    await db.insert(bookmarks).values({ userId: bo.id, domainName: "xn--blbr-noae.nu", createdAt: new Date("2030-01-03T00:00:00Z") });
    // The .nu zone delegates hund.nu; the site has no snapshot of .se.
    await insertZone(db, ".nu", new Date("2026-12-03T06:00:00Z"), [{ name: "hund.nu", nameServers: ["ns1.loopia.se", "ns2.loopia.se"] }]);
    const get = (file: string, cookie?: string) =>
      callRoute(loader as never, siteRequest(`/account/download/${file}`, { cookie }), { file }, { readBody: true });

    const csv = await get("bookmarks.csv", anna.cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="snart-lediga-bokmarken-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(csv.body as string, { bom: true, columns: true, delimiter: ";" }) as Record<string, string>[];
    expect(
      rows.map((row) => [row.name, row.status, row.released_at, row.zone_delegated, row.zone_operator, row.zone_name_servers]),
    ).toEqual([
      ["hund.nu", "available", "2020-02-01T04:00:00.000Z", "ja", "Loopia", "ns1.loopia.se ns2.loopia.se"],
      ["räksmörgås.se", "soonavailable", "", "", "", ""],
    ]);
    // The list's, the zone's, the family's and the catch risk's columns in place, the watch state's appended (decision 0082).
    expect(Object.keys(rows[0]).slice(-10)).toEqual([
      "zone_last_change_at",
      "sibling_registered",
      "sibling_status",
      "twin_registered",
      "catch_risk_percent",
      "watch_state",
      "watch_state_label",
      "watch_state_since",
      "watch_state_release_date",
      "watch_state_operator",
    ]);
    // hund.nu is delegated since the zone's first snapshot: taken again after its release, when is not known.
    expect(
      rows.map((row) => [
        row.watch_state,
        row.watch_state_label,
        row.watch_state_since,
        row.watch_state_release_date,
        row.watch_state_operator,
      ]),
    ).toEqual([
      ["taken_again", "Tagen igen", "", "2020-02-01", "Loopia"],
      ["on_list", "Släpps snart", "", "2099-01-06", ""],
    ]);
    const json = JSON.parse((await get("bookmarks.json", bo.cookie)).body as string) as (DownloadRow & WatchStateColumns)[];
    expect(json.map((row) => [row.name, row.zoneDelegated])).toEqual([
      ["blåbär.nu", false],
      ["katt.se", null],
    ]);
    expect(json.map((row) => [row.watchState, row.watchStateLabel])).toEqual([
      ["unknown", "Okänd status"],
      ["released_free", "Släppt och ledig"],
    ]);
    expect(json[0]).toMatchObject({
      ace: "xn--blbr-noae.nu",
      tld: ".nu",
      length: 6,
      status: "unlisted",
      releaseDate: null,
      releasedAt: null,
      featured: false,
      premiumPrice: null,
      url: "http://localhost:3000/d/bl%C3%A5b%C3%A4r.nu",
    });
    expect(json[0].score).toBeGreaterThan(0);

    const visitor = await get("bookmarks.csv");
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/auth?redirectTo=${encodeURIComponent("/account/download/bookmarks.csv")}`);
    expect((await get("everything.csv", anna.cookie)).status).toBe(404);
  });
});
