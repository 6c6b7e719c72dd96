import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { WORD_CLASS } from "~/domain/swedish-words";
import { MIGRATIONS_FOLDER } from "~/server/db/migrate.server";
import { createDomain } from "~tests/factories/domains";
import { importTuned, jsonList, type ListEntry } from "~tests/factories/imports";
import { describeEachEngine } from "~tests/setup/test-db";

const upload = (entries: ListEntry[]): Parameters<typeof importTuned>[1] => ({
  source: { kind: "bytes", bytes: jsonList(entries), fileName: "list.json" },
  trigger: "upload",
});
const at = (iso: string) => new Date(iso);

/** The data repair that goes with these writers, found by its name: the integrator may renumber it. */
function repairMigrationSql(): string {
  const file = readdirSync(MIGRATIONS_FOLDER).find((name) => name.endsWith("_repair_moved_release_outcomes.sql"));
  if (!file) throw new Error("the repair migration is missing");
  return readFileSync(join(MIGRATIONS_FOLDER, file), "utf8");
}

describeEachEngine("what the import's upsert writes beside a name", ({ handle }) => {
  const wordClass = async (name: string) =>
    (await handle().query<{ word_class: number | null }>("select word_class from domains where name = $1", [name]))[0]?.word_class;
  const outcomes = (name: string) =>
    handle().query<{ release_date: string; listed_on: string; released_at: Date | null }>(
      "select release_date::text, listed_on::text, released_at from release_outcomes where domain_name = $1 order by release_date",
      [name],
    );

  it("gives a stored name without a word class its class when a list writes it, and keeps a known one", async () => {
    // Stored without a class (before classes were kept, or by another writer): the Swedish-word filter misses it.
    await createDomain(handle().db, { name: "hund.se", status: "registered", releaseDate: "2030-01-05", wordClass: null });
    await createDomain(handle().db, { name: "katt.se", status: "soonavailable", releaseDate: "2030-03-01", wordClass: null });
    await createDomain(handle().db, { name: "bil.se", status: "registered", releaseDate: "2030-01-05", wordClass: WORD_CLASS.none });

    await importTuned(
      handle(),
      upload([
        { name: "bil.se", release_at: "2030-03-02" },
        { name: "hund.se", release_at: "2030-03-02" },
        { name: "katt.se", release_at: "2030-03-03" },
      ]),
      { now: at("2030-02-01T10:00:00Z") },
    );
    expect(await wordClass("hund.se")).toBe(WORD_CLASS.isWord);
    expect(await wordClass("katt.se")).toBe(WORD_CLASS.isWord);
    // A class already stored is the writer's business (rescore), not the import's.
    expect(await wordClass("bil.se")).toBe(WORD_CLASS.none);
  });

  it("moves a soon-available name's release to its new date instead of recording a second release", async () => {
    await importTuned(handle(), upload([{ name: "flytt.se", release_at: "2030-02-10" }]), { now: at("2030-02-01T10:00:00Z") });
    await importTuned(handle(), upload([{ name: "flytt.se", release_at: "2030-02-12" }]), { now: at("2030-02-03T10:00:00Z") });
    expect(await outcomes("flytt.se")).toEqual([{ release_date: "2030-02-12", listed_on: "2030-02-01", released_at: null }]);

    // Moved back to a date already past: one release, released at that date's moment, first listed on the 1st.
    await importTuned(handle(), upload([{ name: "flytt.se", release_at: "2030-02-11" }]), { now: at("2030-02-11T10:00:00Z") });
    const [row] = await outcomes("flytt.se");
    expect(await outcomes("flytt.se")).toHaveLength(1);
    expect(row).toMatchObject({ release_date: "2030-02-11", listed_on: "2030-02-01" });
  });

  it("keeps a release that happened when the name is listed again for a new one", async () => {
    await importTuned(handle(), upload([{ name: "igen.se", release_at: "2030-01-10" }]), { now: at("2030-01-01T10:00:00Z") });
    await handle().query("update domains set status = 'registered' where name = 'igen.se'");
    await handle().query("update release_outcomes set released_at = '2030-01-10T04:00Z' where domain_name = 'igen.se'");
    await importTuned(handle(), upload([{ name: "igen.se", release_at: "2030-03-10" }]), { now: at("2030-02-20T10:00:00Z") });
    expect((await outcomes("igen.se")).map((row) => row.release_date)).toEqual(["2030-01-10", "2030-03-10"]);
  });

  it("repairs stored data: a moved release's left-behind row goes, its first listing day stays", async () => {
    await createDomain(handle().db, { name: "spok.se", status: "soonavailable", releaseDate: "2030-02-12" });
    await createDomain(handle().db, { name: "gammal.se", status: "registered", releaseDate: "2030-03-10" });
    await handle().query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, renewed_on) values
         ('spok.se', '2030-02-10', '.se', 4, 1, '2030-02-01', null, null),
         ('spok.se', '2030-02-12', '.se', 4, 1, '2030-02-03', null, null),
         ('gammal.se', '2030-01-10', '.se', 6, 1, '2030-01-01', '2030-01-10T04:00Z', null),
         ('gammal.se', '2030-02-10', '.se', 6, 1, '2030-01-20', null, '2030-01-25'),
         ('gammal.se', '2030-03-10', '.se', 6, 1, '2030-02-20', '2030-03-10T04:00Z', null)`,
    );
    for (const statement of repairMigrationSql().split("--> statement-breakpoint")) await handle().query(statement);
    expect(await outcomes("spok.se")).toEqual([{ release_date: "2030-02-12", listed_on: "2030-02-01", released_at: null }]);
    // Releases that happened and renewals are history, not left-behind rows.
    expect((await outcomes("gammal.se")).map((row) => row.release_date)).toEqual(["2030-01-10", "2030-02-10", "2030-03-10"]);
  });
});
