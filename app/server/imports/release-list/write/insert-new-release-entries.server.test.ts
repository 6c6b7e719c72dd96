import { expect, it } from "vitest";
import { nameCharBits } from "~/domain/name-chars";
import { nameSearchKeys } from "~/domain/search-keys";
import { createDomain } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
import { withTransaction } from "~/server/db/with-transaction.server";
import { encodeReleaseEntries, insertNewReleaseEntries, type ReleaseEntryColumns } from "./upsert-release-entries.server";

const NOW = new Date("2021-07-01T10:00:00Z");
const CONTEXT = { now: NOW, source: "import:1" };

/** The columns of ASCII names, all released on `releaseDate`, as the import sends them. */
function columnsOf(names: string[], releaseDate: string): ReleaseEntryColumns {
  const keys = names.map((name) => nameSearchKeys(name, name, name.indexOf(".")));
  const searchKeysFrom: number[] = [];
  const searchKeysTo: number[] = [];
  let next = 0;
  for (const nameKeys of keys) {
    searchKeysFrom.push(next + 1);
    next += nameKeys.length;
    searchKeysTo.push(next);
  }
  return {
    names,
    unicodeNames: names,
    tlds: names.map((name) => name.slice(name.indexOf("."))),
    lengths: Int32Array.from(names.map((name) => name.indexOf("."))),
    scores: names.map(() => 50),
    wordClasses: names.map(() => 2),
    releaseDates: names.map(() => releaseDate),
    searchKeys: Int32Array.from(keys.flat()),
    searchKeysFrom: Int32Array.from(searchKeysFrom),
    searchKeysTo: Int32Array.from(searchKeysTo),
    nameChars: Int32Array.from(names.map((name) => nameCharBits(name, name))),
  };
}

describeEachEngine("insertNewReleaseEntries (the bulk load's insert of new names)", ({ handle }) => {
  const eventsOf = () =>
    handle().query<{ domain_name: string; type: string; from_status: string | null; to_status: string; detail: string }>(
      "select domain_name, type, from_status, to_status, detail from domain_events order by domain_name, id",
    );

  it("inserts every name as soon available with its 'imported' event", async () => {
    const inserted = await withTransaction(handle(), (query) =>
      insertNewReleaseEntries(query, encodeReleaseEntries(query, columnsOf(["bil.se", "hund.nu"], "2021-08-01"), CONTEXT)),
    );

    expect(inserted).toEqual({ inserted: 2 });
    const rows = await handle().query("select name, tld, status, length, score, word_class, release_date::text from domains order by name");
    expect(rows).toEqual([
      { name: "bil.se", tld: ".se", status: "soonavailable", length: 3, score: 50, word_class: 2, release_date: "2021-08-01" },
      { name: "hund.nu", tld: ".nu", status: "soonavailable", length: 4, score: 50, word_class: 2, release_date: "2021-08-01" },
    ]);
    expect(await eventsOf()).toEqual([
      { domain_name: "bil.se", type: "imported", from_status: null, to_status: "soonavailable", detail: "release date 2021-08-01" },
      { domain_name: "hund.nu", type: "imported", from_status: null, to_status: "soonavailable", detail: "release date 2021-08-01" },
    ]);
  });

  it("inserts a name whose listed release has passed as available: a list never makes a released name soon available", async () => {
    // NOW is 10:00 UTC on 1 July: 1 July's names were released at 04:00.
    await withTransaction(handle(), (query) =>
      insertNewReleaseEntries(query, encodeReleaseEntries(query, columnsOf(["idag.se"], "2021-07-01"), CONTEXT)),
    );

    expect(await handle().query("select name, status, release_date::text from domains")).toEqual([
      { name: "idag.se", status: "available", release_date: "2021-07-01" },
    ]);
    expect(await eventsOf()).toEqual([
      { domain_name: "idag.se", type: "imported", from_status: null, to_status: "available", detail: "release date 2021-07-01" },
    ]);
  });

  it("fails, changing nothing, rather than overwrite a name that is stored all the same", async () => {
    await createDomain(handle().db, { name: "hund.se", status: "premium", price: 5_000, releaseDate: null });

    const inserting = withTransaction(handle(), (query) =>
      insertNewReleaseEntries(query, encodeReleaseEntries(query, columnsOf(["bil.se", "hund.se", "katt.se"], "2021-08-01"), CONTEXT)),
    );

    await expect(inserting).rejects.toMatchObject({ code: "23505" });
    const rows = await handle().query("select name, status, price, release_date::text from domains order by name");
    expect(rows).toEqual([{ name: "hund.se", status: "premium", price: 5_000, release_date: null }]);
    expect(await eventsOf()).toEqual([]);
  });
});
