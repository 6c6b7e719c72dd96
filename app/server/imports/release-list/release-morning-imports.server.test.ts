import { expect, it } from "vitest";
import { createDomains } from "~tests/factories/domains";
import { importTuned, jsonList, numberedEntries, type TunedImportOptions } from "~tests/factories/imports";
import { describeEachEngine } from "~tests/setup/test-db";
import { importReleaseList, type ImportRequest } from "./import-release-list.server";

// What a release list may conclude around a name's release day (docs/product.md, "The release morning").

const completeSeList = (entries: { name: string; release_at: string }[]): ImportRequest => ({
  source: { kind: "bytes", bytes: jsonList(entries), fileName: "bardate_domains.json" },
  tld: ".se",
  completeList: true,
  trigger: "schedule",
});

describeEachEngine("release lists around the release morning", ({ handle }) => {
  const statuses = async () =>
    Object.fromEntries(
      (
        await handle().query<{ name: string; status: string; release_date: string | null }>(
          "select name, status, release_date::text from domains order by name",
        )
      ).map((row) => [row.name, [row.status, row.release_date]]),
    );
  const eventsOf = async () =>
    (
      await handle().query<{ domain_name: string; type: string; from_status: string | null; to_status: string }>(
        "select domain_name, type, from_status, to_status from domain_events order by domain_name, id",
      )
    ).map((event) => [event.domain_name, event.type, event.from_status, event.to_status]);

  it("marks a missing name renewed only when its release is at least 48 hours away", async () => {
    // 04:00 UTC on 1 February: 2 February's release is 24 h away, 3 February's exactly 48 h.
    const now = new Date("2030-02-01T04:00:00Z");
    // Enough listed names that one renewal stays under the sanity threshold.
    const listed = numberedEntries(10, { prefix: "listad", releaseAt: "2030-02-20" });
    await createDomains(handle().db, [
      ...listed.map((entry) => ({ name: entry.name, status: "soonavailable" as const, releaseDate: entry.release_at })),
      { name: "imorgon.se", status: "soonavailable", releaseDate: "2030-02-02" },
      { name: "om-48-timmar.se", status: "soonavailable", releaseDate: "2030-02-03" },
      { name: "om-en-vecka.se", status: "soonavailable", releaseDate: "2030-02-08" },
    ]);
    const list = completeSeList(listed);

    const first = await importReleaseList(handle(), list, { now: new Date(now.getTime() + 1) });
    // One millisecond later, 3 February is no longer 48 hours away.
    expect(first.renewed).toBe(1);
    expect(await statuses()).toMatchObject({
      "imorgon.se": ["soonavailable", "2030-02-02"],
      "om-48-timmar.se": ["soonavailable", "2030-02-03"],
      "om-en-vecka.se": ["renewed", "2030-02-08"],
    });

    const atTheLine = await importReleaseList(handle(), list, { now });
    expect(atTheLine.renewed).toBe(1);
    expect(await statuses()).toMatchObject({
      "imorgon.se": ["soonavailable", "2030-02-02"],
      "om-48-timmar.se": ["renewed", "2030-02-03"],
    });
  });

  it("an hourly list on the release morning marks none of the day's names renewed, and tomorrow's neither", async () => {
    const now = new Date("2030-02-01T07:00:00Z");
    await createDomains(handle().db, [
      { name: "idag.se", status: "soonavailable", releaseDate: "2030-02-01" },
      { name: "imorgon.se", status: "soonavailable", releaseDate: "2030-02-02" },
      { name: "kvar.se", status: "soonavailable", releaseDate: "2030-02-20" },
    ]);
    const summary = await importReleaseList(handle(), completeSeList([{ name: "kvar.se", release_at: "2030-02-20" }]), { now });
    expect(summary.renewed).toBe(0);
    expect(await statuses()).toEqual({
      "idag.se": ["soonavailable", "2030-02-01"],
      "imorgon.se": ["soonavailable", "2030-02-02"],
      "kvar.se": ["soonavailable", "2030-02-20"],
    });
  });

  it.each([
    ["written through the indexes", {}],
    ["bulk-loaded as a first list", { bulkLoadFrom: 1 }],
  ] as [string, Partial<TunedImportOptions>][])(
    "stores a new name whose listed release has passed as available, one still ahead as soon available (%s)",
    async (_case, options) => {
      const list = completeSeList([
        { name: "igar.se", release_at: "2030-01-31" },
        { name: "idag.se", release_at: "2030-02-01" },
        { name: "imorgon.se", release_at: "2030-02-02" },
      ]);
      // 04:00 UTC on 1 February: that day's names are released from this moment.
      await importTuned(handle(), list, { ...options, now: new Date("2030-02-01T04:00:00Z") });
      expect(await statuses()).toEqual({
        "idag.se": ["available", "2030-02-01"],
        "igar.se": ["available", "2030-01-31"],
        "imorgon.se": ["soonavailable", "2030-02-02"],
      });
      expect(await eventsOf()).toEqual([
        ["idag.se", "imported", null, "available"],
        ["igar.se", "imported", null, "available"],
        ["imorgon.se", "imported", null, "soonavailable"],
      ]);
    },
  );

  it("one second before 04:00 UTC, a name listed for that day is still soon available", async () => {
    await importReleaseList(handle(), completeSeList([{ name: "idag.se", release_at: "2030-02-01" }]), {
      now: new Date("2030-02-01T03:59:59Z"),
    });
    expect(await statuses()).toEqual({ "idag.se": ["soonavailable", "2030-02-01"] });
  });

  it("never makes a name soon available again once its listed release has passed", async () => {
    const now = new Date("2030-02-01T09:00:00Z");
    await createDomains(handle().db, [
      // Released this morning and already answered for by the availability check or the release update.
      { name: "ledig.se", status: "available", releaseDate: "2030-02-01" },
      { name: "tagen.se", status: "registered", releaseDate: "2030-02-01" },
      { name: "dold.se", status: "unlisted", releaseDate: "2030-01-20" },
      // Not yet moved by the release update (06:00): it stays soon available, with the date the list gives.
      { name: "vantande.se", status: "soonavailable", releaseDate: "2030-02-05" },
      // Wrongly read as renewed from an earlier list: listed and released, it is available.
      { name: "fornyad.se", status: "renewed", releaseDate: "2030-01-25" },
      { name: "premium.se", status: "premium", releaseDate: null, price: 5000 },
    ]);
    const before = await statuses();
    const list = completeSeList([
      { name: "dold.se", release_at: "2030-02-01" },
      { name: "fornyad.se", release_at: "2030-02-01" },
      { name: "ledig.se", release_at: "2030-02-01" },
      { name: "premium.se", release_at: "2030-02-01" },
      { name: "tagen.se", release_at: "2030-01-31" },
      { name: "vantande.se", release_at: "2030-02-01" },
    ]);

    const summary = await importReleaseList(handle(), list, { now });

    expect(summary).toMatchObject({ processed: 6, inserted: 0, updated: 6, renewed: 0 });
    expect(await statuses()).toEqual({
      "dold.se": before["dold.se"],
      "fornyad.se": ["available", "2030-02-01"],
      "ledig.se": before["ledig.se"],
      "premium.se": ["premium", "2030-02-01"],
      "tagen.se": before["tagen.se"],
      "vantande.se": ["soonavailable", "2030-02-01"],
    });
    expect(await eventsOf()).toEqual([
      ["fornyad.se", "status-changed", "renewed", "available"],
      ["premium.se", "release-date-changed", "premium", "premium"],
      ["vantande.se", "release-date-changed", "soonavailable", "soonavailable"],
    ]);

    // The same list an hour later changes nothing.
    await importReleaseList(handle(), list, { now: new Date(now.getTime() + 60 * 60 * 1000) });
    expect(await eventsOf()).toHaveLength(3);
  });
});
