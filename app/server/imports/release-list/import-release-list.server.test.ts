import { expect, it } from "vitest";
import { createDomain, createDomains } from "~tests/factories/domains";
import { REGISTRY_SAMPLE_FILE, importTuned, jsonList, numberedEntries } from "~tests/factories/imports";
import { describeEachEngine } from "~tests/setup/test-db";
import { getImportRun } from "./runs/get-import-run.server";
import { carryOutImportRun, importReleaseList, openImportRun, type ImportRequest } from "./import-release-list.server";
import { IMPORT_PHASES, type ImportPhaseTimes } from "./runs/import-phases.server";
import { getLiveImportProgress } from "./runs/import-run-record.server";
import { withImportWritesTunedForTests } from "./write/write-release-list.server";

const NOW = new Date("2030-02-01T10:00:00Z");

const upload = (entries: Parameters<typeof jsonList>[0], extra: Partial<ImportRequest> = {}): ImportRequest => ({
  source: { kind: "bytes", bytes: jsonList(entries), fileName: "list.json" },
  trigger: "upload",
  ...extra,
});

describeEachEngine("importReleaseList", ({ handle, engine }) => {
  const rows = () =>
    handle().query<Record<string, unknown>>(
      "select name, unicode_name, tld, status, length, score, word_class, release_date::text, updated_at from domains order by name",
    );
  const events = () =>
    handle().query<{
      domain_name: string;
      type: string;
      from_status: string | null;
      to_status: string;
      detail: string | null;
    }>("select domain_name, type, from_status, to_status, detail from domain_events order by domain_name, id");

  it("adds new names as soon available, with Unicode form, length, score, word class and an 'imported' event", async () => {
    const summary = await importReleaseList(
      handle(),
      upload([
        { name: "hund.se", release_at: "2030-03-01" },
        { name: "xn--rksmrgs-5wao1o.se", release_at: "2030-03-02" },
        { name: "h4-x9q.nu", release_at: "2030-03-03" },
      ]),
      { now: NOW },
    );
    expect(summary).toMatchObject({
      total: 3,
      processed: 3,
      inserted: 3,
      updated: 0,
      failed: 0,
      renewed: 0,
      errors: [],
    });
    const stored = await rows();
    expect(stored.map(({ updated_at: _, ...row }) => row)).toEqual([
      expect.objectContaining({
        name: "h4-x9q.nu",
        tld: ".nu",
        status: "soonavailable",
        length: 6,
        word_class: 0,
        release_date: "2030-03-03",
      }),
      expect.objectContaining({
        name: "hund.se",
        unicode_name: "hund.se",
        length: 4,
        word_class: 2,
        release_date: "2030-03-01",
      }),
      expect.objectContaining({
        name: "xn--rksmrgs-5wao1o.se",
        unicode_name: "räksmörgås.se",
        length: 10,
        word_class: 2,
      }),
    ]);
    const score = (name: string) => stored.find((row) => row.name === name)!.score as number;
    expect(score("hund.se")).toBeGreaterThan(score("h4-x9q.nu"));
    expect((await events()).map((event) => [event.domain_name, event.type, event.to_status])).toEqual([
      ["h4-x9q.nu", "imported", "soonavailable"],
      ["hund.se", "imported", "soonavailable"],
      ["xn--rksmrgs-5wao1o.se", "imported", "soonavailable"],
    ]);
  });

  it("stores each name's own search keys, across batches, as the database would compute them", async () => {
    const names = ["a.se", "hund.se", "xn--rksmrgs-5wao1o.se", "bil-24.nu", "xn--bl-zia.se", "zz.se", "h4-x9q.nu"];
    await importTuned(handle(), upload(names.map((name) => ({ name, release_at: "2030-03-01" }))), { now: NOW, batchSize: 3 });
    const stored = await handle().query<{ name: string; keys: number[]; expected: number[] }>(
      "select name, search_keys as keys, domain_search_keys(unicode_name, name, length) as expected from domains order by name",
    );
    expect(stored).toHaveLength(names.length);
    for (const row of stored) expect(row.keys, row.name).toEqual(row.expected);
  });

  it("counts a re-import of the same list as all updated and changes nothing", async () => {
    const list = upload(numberedEntries(25));
    await importTuned(handle(), list, { now: NOW, batchSize: 10 });
    const before = await rows();
    const eventsBefore = await events();

    const again = await importTuned(handle(), list, {
      now: new Date(NOW.getTime() + 60_000),
      batchSize: 10,
    });
    expect(again).toMatchObject({
      total: 25,
      processed: 25,
      inserted: 0,
      updated: 25,
      failed: 0,
    });
    expect(await rows()).toEqual(before);
    expect(await events()).toEqual(eventsBefore);
  });

  it("tells where its time went, each phase from opening the run to the statistics after it, in order", async () => {
    let times: ImportPhaseTimes = {};
    await importReleaseList(handle(), upload(numberedEntries(5), { tld: ".se", completeList: true }), {
      now: NOW,
      onPhaseTimes: (reported) => (times = reported),
    });
    // Every phase is there, the finish of a bulk load too (next to nothing for a list written through the indexes).
    expect(Object.keys(times)).toEqual(IMPORT_PHASES);
    expect(Object.values(times).every((ms) => Number.isInteger(ms) && ms >= 0)).toBe(true);
  });

  it("puts names that reappear on a list back to soon available, but premium names stay premium", async () => {
    await createDomain(handle().db, {
      name: "ledig.se",
      status: "available",
      releaseDate: "2029-12-01",
    });
    await createDomain(handle().db, {
      name: "tagen.se",
      status: "registered",
      releaseDate: "2029-11-01",
    });
    await createDomain(handle().db, {
      name: "fornyad.se",
      status: "renewed",
      releaseDate: "2029-10-01",
    });
    await createDomain(handle().db, {
      name: "premium.se",
      status: "premium",
      releaseDate: null,
      price: 5000,
    });
    await createDomain(handle().db, {
      name: "flyttad.se",
      status: "soonavailable",
      releaseDate: "2030-03-01",
    });

    const summary = await importReleaseList(
      handle(),
      upload(["ledig.se", "tagen.se", "fornyad.se", "premium.se", "flyttad.se"].map((name) => ({ name, release_at: "2030-04-01" }))),
      { now: NOW },
    );
    expect(summary).toMatchObject({ processed: 5, inserted: 0, updated: 5 });
    const statuses = Object.fromEntries((await rows()).map((row) => [row.name, [row.status, row.release_date]]));
    expect(statuses).toEqual({
      "flyttad.se": ["soonavailable", "2030-04-01"],
      "fornyad.se": ["soonavailable", "2030-04-01"],
      "ledig.se": ["soonavailable", "2030-04-01"],
      "premium.se": ["premium", "2030-04-01"],
      "tagen.se": ["soonavailable", "2030-04-01"],
    });
    expect((await events()).map((event) => [event.domain_name, event.type, event.from_status, event.to_status, event.detail])).toEqual([
      ["flyttad.se", "release-date-changed", "soonavailable", "soonavailable", "release date 2030-03-01 -> 2030-04-01"],
      ["fornyad.se", "status-changed", "renewed", "soonavailable", "release date 2029-10-01 -> 2030-04-01"],
      ["ledig.se", "status-changed", "available", "soonavailable", "release date 2029-12-01 -> 2030-04-01"],
      ["premium.se", "release-date-changed", "premium", "premium", "release date none -> 2030-04-01"],
      ["tagen.se", "status-changed", "registered", "soonavailable", "release date 2029-11-01 -> 2030-04-01"],
    ]);
  });

  it("records the run: who started it, from where, its summary and the skipped entries", async () => {
    const summary = await importReleaseList(
      handle(),
      upload(
        [
          { name: "ok.se", release_at: "2030-03-01" },
          { name: "fel.nu", release_at: "2030-03-01" },
          { name: "datum.se", release_at: "2030-02-30" },
        ],
        { tld: ".se", trigger: "admin:user-1", startedBy: "user-1" },
      ),
      { now: NOW },
    );
    expect(summary).toMatchObject({
      total: 3,
      processed: 1,
      inserted: 1,
      failed: 2,
    });
    const run = await getImportRun(handle().db, summary.runId);
    expect(run).toMatchObject({
      // Two of its three entries were rejected: not "succeeded".
      state: "partly_failed",
      trigger: "admin:user-1",
      startedBy: "user-1",
      source: "upload:list.json",
      tld: ".se",
      total: 3,
      processed: 1,
      inserted: 1,
      updated: 0,
      failed: 2,
      percent: 100,
      errors: [
        "Item 2: fel.nu is a .nu name; this list is for .se",
        'Item 3: datum.se: release date "2030-02-30" is not a real YYYY-MM-DD date',
      ],
      errorMessage: null,
    });
    expect(run!.finishedAt).not.toBeNull();
  });

  it.each([
    ["not JSON", Buffer.from("<html>502 Bad Gateway</html>"), /^Invalid JSON format: /],
    ["JSON without data", Buffer.from('{"items":[]}'), /^Invalid import data format$/],
  ])("refuses %s, records why and touches nothing", async (_case, bytes, message) => {
    await createDomain(handle().db, {
      name: "orord.se",
      status: "soonavailable",
      releaseDate: "2030-03-01",
    });
    const before = await rows();
    const attempt = importReleaseList(
      handle(),
      {
        source: { kind: "bytes", bytes, fileName: "list.json" },
        trigger: "upload",
      },
      { now: NOW },
    );
    await expect(attempt).rejects.toThrow(message);
    expect(await rows()).toEqual(before);
    const [run] = await handle().query<{
      state: string;
      error_message: string;
    }>("select state, error_message from import_runs");
    expect(run.state).toBe("failed");
    expect(run.error_message).toMatch(message);
  });

  it("leaves the data as it was when it crashes half-way, and running it again completes it", async () => {
    await createDomains(handle().db, [
      { name: "namn-1.se", status: "available", releaseDate: "2029-01-01" },
      { name: "namn-2.se", status: "soonavailable", releaseDate: "2030-01-01" },
    ]);
    const before = await rows();
    const list = upload(numberedEntries(35));
    const crash = importTuned(handle(), list, {
      now: NOW,
      batchSize: 10,
      beforeBatch: (index) => {
        if (index === 2) throw new Error("simulated crash in batch 3");
      },
    });
    await expect(crash).rejects.toThrow("simulated crash in batch 3");
    expect(await rows()).toEqual(before);
    expect(await events()).toEqual([]);
    const [failedRun] = await handle().query<{
      state: string;
      error_message: string;
      processed: number;
      total: number;
    }>("select state, error_message, processed, total from import_runs");
    expect(failedRun).toEqual({
      state: "failed",
      error_message: "simulated crash in batch 3",
      processed: 0,
      total: 35,
    });

    const rerun = await importTuned(handle(), list, {
      now: NOW,
      batchSize: 10,
    });
    expect(rerun).toMatchObject({
      total: 35,
      processed: 35,
      inserted: 33,
      updated: 2,
      failed: 0,
    });
    const [{ count }] = await handle().query<{ count: number }>(
      "select count(*)::int as count from domains where status = 'soonavailable'",
    );
    expect(count).toBe(35);
  });

  it("shows its real progress while it runs", async () => {
    const seen: unknown[] = [];
    let runId = 0;
    const list = upload(numberedEntries(30));
    const opened = await openImportRun(handle(), list, { now: NOW });
    if (!opened.ok) throw new Error(opened.error);
    runId = opened.runId;
    const summary = await withImportWritesTunedForTests(
      {
        batchSize: 10,
        beforeBatch: async (index) => {
          if (index !== 2) return;
          seen.push(getLiveImportProgress(runId));
          if (engine === "postgres") {
            // Another pool connection sees only committed rows: the count is written outside the import's transaction,
            // while the next batch is written (the last batch's count may still be on its way).
            let row: unknown;
            for (let attempt = 0; attempt < 100; attempt++) {
              [row] = await handle().query("select processed, total, state from import_runs where id = $1", [runId]);
              if ((row as { processed: number }).processed === 20) break;
              await new Promise((resolve) => setTimeout(resolve, 10));
            }
            seen.push(row);
          }
          // (On PGlite the import's transaction holds the only connection: the row moves at commit.)
        },
      },
      () => carryOutImportRun(handle(), runId, list, { now: NOW }),
    );
    expect(summary).toMatchObject({ runId, processed: 30 });
    expect(seen).toEqual([
      { processed: 20, total: 30 },
      ...(engine === "postgres" ? [{ processed: 20, total: 30, state: "running" }] : []),
    ]);
    expect(getLiveImportProgress(runId)).toBeUndefined();
  });

  it("marks soon-available names that left a complete list before their release as renewed", async () => {
    // Names that stay on the list: two renewals are then under the sanity threshold (20 % of the renewable names).
    const staying = numberedEntries(8, { prefix: "kvar", releaseAt: "2030-02-10" });
    await createDomains(handle().db, [
      ...staying.map((entry) => ({ name: entry.name, status: "soonavailable" as const, releaseDate: entry.release_at })),
      { name: "kvar.se", status: "soonavailable", releaseDate: "2030-02-10" },
      {
        name: "fornyad.se",
        status: "soonavailable",
        releaseDate: "2030-02-10",
      },
      // Released today at 04:00 (NOW is 10:00): it left the list because it is being released.
      { name: "idag.se", status: "soonavailable", releaseDate: "2030-02-01" },
      // 18 hours away: names leave the list around their release day, so this proves nothing.
      { name: "imorgon.se", status: "soonavailable", releaseDate: "2030-02-02" },
      { name: "om-tre-dagar.se", status: "soonavailable", releaseDate: "2030-02-04" },
      {
        name: "annan-tld.nu",
        status: "soonavailable",
        releaseDate: "2030-02-10",
      },
      {
        name: "feldatum.se",
        status: "soonavailable",
        releaseDate: "2030-02-10",
      },
      { name: "ledig.se", status: "available", releaseDate: "2030-01-10" },
    ]);
    const summary = await importReleaseList(
      handle(),
      upload(
        [
          ...staying,
          { name: "kvar.se", release_at: "2030-02-10" },
          { name: "feldatum.se", release_at: "2030-02-31" },
          { name: "ny.se", release_at: "2030-02-20" },
        ],
        { tld: ".se", completeList: true },
      ),
      { now: NOW },
    );
    expect(summary).toMatchObject({
      inserted: 1,
      updated: 9,
      failed: 1,
      renewed: 2,
      warning: null,
    });
    const statuses = Object.fromEntries(
      (await rows()).filter((row) => !String(row.name).startsWith("kvar-")).map((row) => [row.name, row.status]),
    );
    expect(statuses).toEqual({
      "annan-tld.nu": "soonavailable",
      "feldatum.se": "soonavailable",
      "fornyad.se": "renewed",
      "idag.se": "soonavailable",
      "imorgon.se": "soonavailable",
      "kvar.se": "soonavailable",
      "ledig.se": "available",
      "ny.se": "soonavailable",
      "om-tre-dagar.se": "renewed",
    });
    const renewedEvents = (await events()).filter((event) => event.type === "renewed");
    expect(renewedEvents.map((event) => [event.domain_name, event.from_status, event.to_status])).toEqual([
      ["fornyad.se", "soonavailable", "renewed"],
      ["om-tre-dagar.se", "soonavailable", "renewed"],
    ]);
    const [run] = await handle().query<{ renewed: number }>("select renewed from import_runs");
    expect(run.renewed).toBe(2);
  });

  it.each([
    ["a partial list (not marked complete)", { tld: ".se" as const }, [{ name: "kvar.se", release_at: "2030-02-10" }]],
    ["a list without a TLD", { completeList: true }, [{ name: "kvar.se", release_at: "2030-02-10" }]],
    ["an empty list", { tld: ".se" as const, completeList: true }, []],
    [
      "a list with more bad entries than good ones",
      { tld: ".se" as const, completeList: true },
      [{ name: "kvar.se", release_at: "2030-02-10" }, { name: "trasig" }, { name: "också trasig.se", release_at: "x" }],
    ],
  ])("never reads renewals from %s", async (_case, extra, entries) => {
    await createDomain(handle().db, {
      name: "borta.se",
      status: "soonavailable",
      releaseDate: "2030-02-10",
    });
    const summary = await importReleaseList(handle(), upload(entries, extra), {
      now: NOW,
    });
    expect(summary.renewed).toBe(0);
    const [row] = await handle().query<{ status: string }>("select status from domains where name = 'borta.se'");
    expect(row.status).toBe("soonavailable");
  });

  it("stamps the configuration's last import when it succeeds", async () => {
    const [config] = await handle().query<{ id: number }>("select id from tld_imports where tld = '.nu'");
    await importReleaseList(
      handle(),
      upload([{ name: "a.nu", release_at: "2030-03-01" }], {
        tld: ".nu",
        tldImportId: config.id,
      }),
      { now: NOW },
    );
    const [after] = await handle().query<{ last_import: Date }>("select last_import from tld_imports where id = $1", [config.id]);
    expect(after.last_import.toISOString()).toBe(NOW.toISOString());
  });

  it("imports the registry's 2021 sample from a file (past-dated: applied anyway): 61 .se names, then the 95 .nu names", async () => {
    const file = { kind: "file" as const, path: REGISTRY_SAMPLE_FILE };
    const request = (tld?: ".se" | ".nu") => ({ source: file, tld, trigger: "cli", applyPastDated: true });
    const se = await importReleaseList(handle(), request(".se"), { now: NOW });
    expect(se).toMatchObject({
      total: 156,
      processed: 61,
      inserted: 61,
      failed: 95,
    });
    const nu = await importReleaseList(handle(), request(".nu"), { now: NOW });
    expect(nu).toMatchObject({
      total: 156,
      processed: 95,
      inserted: 95,
      failed: 61,
    });
    const all = await importReleaseList(handle(), request(), { now: NOW });
    expect(all).toMatchObject({
      total: 156,
      processed: 156,
      inserted: 0,
      updated: 156,
      failed: 0,
    });
  });

  it("reports a missing file clearly", async () => {
    await expect(
      importReleaseList(
        handle(),
        {
          source: { kind: "file", path: "/no/such/list.json" },
          trigger: "cli",
        },
        { now: NOW },
      ),
    ).rejects.toThrow("Failed to read file: /no/such/list.json does not exist");
  });
});
