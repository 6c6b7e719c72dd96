import { expect, it } from "vitest";
import { countOutcomes, verdictText } from "~/domain/release-archive";
import { createDomains } from "~tests/factories/domains";
import { insertZone, insertZoneSnapshot, insertZoneDelegations } from "~tests/factories/zone";
import { describeEachEngine } from "~tests/setup/test-db";
import { countReleaseDays, findReleaseDayNames, findReleaseDaysPage, listReleaseDates } from "./release-archive.server";

const DAY = "2030-02-14";
const at = (time: string, day = DAY) => new Date(`${day}T${time}Z`);

describeEachEngine("the archive of release days", ({ handle }) => {
  /**
   * A hand-made day: two names still free (one seen free, one never checked), one taken by the
   * morning round, one taken seen only in the zone (the snapshot wrote its time), one in the zone
   * only (no taken time stored), a renewed name (not released) and another day's release.
   */
  async function day() {
    const db = handle().db;
    await createDomains(db, [
      { name: "ledig.se", status: "available", releaseDate: DAY },
      { name: "okollad.se", status: "available", releaseDate: DAY },
      { name: "morgon.se", status: "registered", releaseDate: DAY, takenAt: at("04:39:00") },
      { name: "zonen.se", status: "registered", releaseDate: DAY, takenAt: at("12:00:00") },
      { name: "bara-zon.nu", status: "available", releaseDate: DAY },
      { name: "fornyad.se", status: "renewed", releaseDate: DAY },
      { name: "igar.se", status: "available", releaseDate: "2030-02-13" },
    ]);
    await handle().query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, renewed_on, released_at, first_free_at, last_free_at, taken_at) values
         ('ledig.se', $1, '.se', 5, 1, '2030-01-14', null, $2, $3, $4, null),
         ('okollad.se', $1, '.se', 7, 1, '2030-01-14', null, $2, null, null, null),
         ('morgon.se', $1, '.se', 6, 1, '2030-01-14', null, $2, $3, $3, $5),
         ('zonen.se', $1, '.se', 5, 1, '2030-01-14', null, $2, null, null, $6),
         ('bara-zon.nu', $1, '.nu', 7, 5, '2030-01-14', null, $2, null, null, null),
         ('fornyad.se', $1, '.se', 7, 1, '2030-01-14', '2030-02-10', null, null, null, null),
         ('igar.se', '2030-02-13', '.se', 4, 1, '2030-01-13', null, '2030-02-13T04:00:00Z', null, null, null)`,
      [DAY, at("04:00:00"), at("04:37:10"), at("09:30:00"), at("04:39:00"), at("12:00:00")],
    );
    // The zone: a baseline the day before, then a snapshot at 12:00 UTC in which zonen.se, bara-zon.nu and morgon.se appear.
    const seBase = await insertZoneSnapshot(db, ".se", at("12:00:00", "2030-02-13"));
    const nuBase = await insertZoneSnapshot(db, ".nu", at("12:00:00", "2030-02-13"));
    const seNoon = await insertZoneSnapshot(db, ".se", at("12:00:00"));
    const nuNoon = await insertZoneSnapshot(db, ".nu", at("12:00:00"));
    expect(seBase).not.toBe(seNoon);
    expect(nuBase).not.toBe(nuNoon);
    await insertZoneDelegations(db, ".se", { id: seNoon, at: at("12:00:00") }, [
      { name: "zonen.se", nameServers: ["ns1.loopia.se", "ns2.loopia.se"] },
      { name: "morgon.se", nameServers: ["ns1.parkingcrew.net", "ns2.parkingcrew.net"] },
    ]);
    await insertZoneDelegations(db, ".nu", { id: nuNoon, at: at("12:00:00") }, [{ name: "bara-zon.nu", nameServers: ["ns1.example.com"] }]);
    await handle().query(
      `insert into zone_changes (snapshot_id, tld, name, kind, old_name_servers, new_name_servers, seen_at) values
         ($1, '.se', 'zonen.se', 'appeared', null, '{ns1.loopia.se,ns2.loopia.se}', $3),
         ($1, '.se', 'morgon.se', 'appeared', null, '{ns1.parkingcrew.net,ns2.parkingcrew.net}', $3),
         ($2, '.nu', 'bara-zon.nu', 'appeared', null, '{ns1.example.com}', $3)`,
      [seNoon, nuNoon, at("12:00:00")],
    );
    await handle().query(
      `insert into domain_events (domain_name, type, from_status, to_status, detail, source, created_at)
       values ('zonen.se', 'taken', 'available', 'registered', 'registered again (in the registry''s zone)', $1, $2)`,
      [`zone:${seNoon}`, at("12:00:00")],
    );
  }

  it("tells what became of each name released that day, and where it was seen taken", async () => {
    await day();
    const names = await findReleaseDayNames(handle(), DAY);
    const byName = Object.fromEntries(names.map((name) => [name.name, name]));
    expect(Object.keys(byName).sort()).toEqual(["bara-zon.nu", "ledig.se", "morgon.se", "okollad.se", "zonen.se"]);
    expect(countOutcomes(names)).toEqual({ released: 5, taken: 3, free: 1, unchecked: 1 });

    expect(byName["morgon.se"].verdict).toEqual({ outcome: "taken", at: at("04:39:00").getTime(), source: "check" });
    expect(byName["zonen.se"].verdict).toEqual({ outcome: "taken", at: at("12:00:00").getTime(), source: "zone" });
    expect(byName["bara-zon.nu"].verdict).toEqual({ outcome: "taken", at: at("12:00:00").getTime(), source: "zone" });
    expect(byName["ledig.se"].verdict).toEqual({ outcome: "free", lastFreeAt: at("09:30:00").getTime() });
    expect(byName["okollad.se"].verdict).toEqual({ outcome: "unchecked" });

    // 04:39 UTC is 05:39 in Stockholm in February.
    expect(verdictText(byName["morgon.se"].verdict)).toBe(
      "Registrerades igen 14 februari 2030 kl. 05:39 (svensk tid, vår kontroll hos registret)",
    );
    expect(verdictText(byName["zonen.se"].verdict)).toBe(
      "Registrerades igen 14 februari 2030 kl. 13:00 (svensk tid, ögonblicksbild av zonen)",
    );

    expect(byName["zonen.se"].operator).toEqual({ name: "Loopia", fromTable: true });
    expect(byName["morgon.se"].operator?.name).toBe("ParkingCrew");
    expect(byName["bara-zon.nu"].operator).toEqual({ name: "example.com", fromTable: false });
    expect(byName["ledig.se"].operator).toBeNull();
  });

  it("counts each day on the index as the day page counts it, newest first", async () => {
    await day();
    expect(await listReleaseDates(handle(), at("12:00:00"))).toEqual([DAY, "2030-02-13"]);
    // Seen from the day before, the day has not come.
    expect(await listReleaseDates(handle(), at("12:00:00", "2030-02-13"))).toEqual(["2030-02-13"]);
    expect(await countReleaseDays(handle(), [DAY, "2030-02-13"])).toEqual([
      { date: DAY, released: 5, taken: 3, free: 1, unchecked: 1 },
      { date: "2030-02-13", released: 1, taken: 0, free: 0, unchecked: 1 },
    ]);
    const page = await findReleaseDaysPage(handle(), { page: 2, perPage: 1, now: at("12:00:00") });
    expect(page).toMatchObject({ totalDays: 2, totalPages: 2, page: 2 });
    expect(page.days.map((summary) => summary.date)).toEqual(["2030-02-13"]);
    // A page past the end shows the last one.
    expect((await findReleaseDaysPage(handle(), { page: 99, perPage: 1, now: at("12:00:00") })).page).toBe(2);
  });

  it("has nothing for a day without a release, and a name seen in the TLD's first snapshot is taken at the latest then", async () => {
    expect(await findReleaseDayNames(handle(), DAY)).toEqual([]);
    expect(await listReleaseDates(handle(), at("12:00:00"))).toEqual([]);
    await createDomains(handle().db, [{ name: "baslinje.se", status: "registered", releaseDate: DAY }]);
    await handle().query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at)
       values ('baslinje.se', $1, '.se', 8, 1, '2030-01-14', $2)`,
      [DAY, at("04:00:00")],
    );
    await insertZone(handle().db, ".se", at("18:00:00"), [{ name: "baslinje.se", nameServers: ["ns1.binero.se"] }]);
    const [name] = await findReleaseDayNames(handle(), DAY);
    expect(name.verdict).toEqual({ outcome: "taken", at: at("18:00:00").getTime(), source: "zone-baseline" });
    expect(verdictText(name.verdict)).toBe("Registrerad igen senast 14 februari 2030 kl. 19:00 (svensk tid, vår första ögonblicksbild)");
    expect(await countReleaseDays(handle(), [DAY])).toEqual([{ date: DAY, released: 1, taken: 1, free: 0, unchecked: 0 }]);
  });
});
