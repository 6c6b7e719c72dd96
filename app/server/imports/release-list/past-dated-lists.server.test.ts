import { expect, it } from "vitest";
import { parseDomainName } from "~/domain/names";
import { NO_FILTERS } from "~/domain/public-filters";
import { loadDomainPage } from "~/server/domains/load-domain-page.server";
import { countAvailable, findAvailable } from "~/server/domains/lists.server";
import { findListFeedEntries } from "~/server/feeds/list-feed.server";
import { availabilityCheckJob } from "~/server/jobs/availability-check.job.server";
import { runRecordedJob } from "~/server/jobs/record-job-run.server";
import { createDomain } from "~tests/factories/domains";
import { REGISTRY_SAMPLE_FILE, jsonList } from "~tests/factories/imports";
import { describeEachEngine } from "~tests/setup/test-db";
import { fakeRegistryForEachTest } from "~tests/support/fake-das-server";
import { importReleaseList, type ImportRequest } from "./import-release-list.server";
import { getImportRun } from "./runs/get-import-run.server";

// The registry's real sample list (2021: every release date years past), uploaded today.
const NOW = new Date("2026-11-29T10:00:00Z");
const sample = (extra: Partial<ImportRequest> = {}): ImportRequest => ({
  source: { kind: "file", path: REGISTRY_SAMPLE_FILE },
  tld: ".se",
  trigger: "upload",
  ...extra,
});
const page = (db: Parameters<typeof loadDomainPage>[0], name: string, now = NOW) => {
  const parsed = parseDomainName(name);
  if (!parsed.ok) throw new Error(name);
  return loadDomainPage(db, parsed, { userId: null, now });
};

describeEachEngine("a past-dated release list", ({ handle }) => {
  const registry = fakeRegistryForEachTest();

  it("is held with a warning and writes nothing; the names already stored are untouched", async () => {
    // A name of the sample that is stored already, registered: the held list must not touch it.
    await createDomain(handle().db, { name: "00malarhojdensskola.se", status: "registered", releaseDate: "2021-08-10" });
    const summary = await importReleaseList(handle(), sample(), { now: NOW });
    expect(summary).toMatchObject({ total: 156, processed: 0, inserted: 0, updated: 0, failed: 95, pastDatedList: "held" });
    expect(summary.warning).toMatch(/^Held: 61 of the list's 61 release dates are before the import day \(2026-11-29\)/);
    expect(summary.warning).toContain('"Apply anyway" (CLI: --apply-past-dated)');

    const names = await handle().query<{ name: string; status: string }>("select name, status from domains");
    expect(names).toEqual([{ name: "00malarhojdensskola.se", status: "registered" }]);
    expect(await handle().query("select 1 from release_outcomes")).toEqual([]);
    const run = await getImportRun(handle().db, summary.runId);
    expect(run).toMatchObject({ state: "succeeded", pastDatedList: "held", applicableAnyway: true, applicableAsComplete: false });
  });

  it("holds a list when more than half of its dates are past, not when half are", async () => {
    const list = (past: number, ahead: number): ImportRequest => ({
      source: {
        kind: "bytes",
        fileName: "list.json",
        bytes: jsonList([
          ...Array.from({ length: past }, (_, index) => ({ name: `gammal-${index}.se`, release_at: "2026-11-28" })),
          ...Array.from({ length: ahead }, (_, index) => ({ name: `ny-${index}.se`, release_at: "2026-11-29" })),
        ]),
      },
      trigger: "upload",
    });
    // Today's date is not before the import day: released this morning, the list is fresh.
    expect((await importReleaseList(handle(), list(2, 2), { now: NOW })).pastDatedList).toBeNull();
    expect((await importReleaseList(handle(), list(3, 2), { now: NOW })).pastDatedList).toBe("held");
  });

  it("applied anyway, its released names are not told free until the availability check has answered for them", async () => {
    const applied = await importReleaseList(handle(), sample({ applyPastDated: true }), { now: NOW });
    expect(applied).toMatchObject({ processed: 61, inserted: 61, warning: null, pastDatedList: "applied" });
    expect((await getImportRun(handle().db, applied.runId))?.pastDatedList).toBe("applied");

    // Released years ago, never asked about: no "inte registrerad", not on /available or its feed.
    const before = await page(handle().db, "00malarhojdensskola.se");
    expect(before).toMatchObject({ status: "available", uncheckedSinceRelease: true, beingReleased: false });
    expect((await findAvailable(handle().db)).domains).toEqual([]);
    expect(await countAvailable(handle().db)).toBe(0);
    expect(await findListFeedEntries(handle().db, "available", { filters: NO_FILTERS, now: NOW })).toEqual([]);

    // The next availability run asks the registry about them first (never checked): free, one is taken.
    await registry.answer({ "00malarhojdensskola.se": "occupied" });
    const checkedAt = new Date("2026-11-29T12:30:00Z");
    await runRecordedJob(availabilityCheckJob, { handle: handle(), now: checkedAt, trigger: "schedule" }, {});

    expect(await page(handle().db, "00malarhojdensskola.se", checkedAt)).toMatchObject({
      status: "registered",
      uncheckedSinceRelease: false,
    });
    expect(await countAvailable(handle().db)).toBe(60);
    expect((await findAvailable(handle().db)).domains).toHaveLength(60);
    const free = (await findAvailable(handle().db)).domains[0];
    expect(await page(handle().db, free.name, checkedAt)).toMatchObject({ status: "available", uncheckedSinceRelease: false });
    expect(await findListFeedEntries(handle().db, "available", { filters: NO_FILTERS, now: checkedAt })).toHaveLength(50);
  });

  it("a renewed name listed again with a passed date is a new release, not checked yet", async () => {
    await createDomain(handle().db, {
      name: "fornyad.se",
      status: "renewed",
      releaseDate: "2026-10-01",
      lastCheckedAt: new Date("2026-09-01T10:00:00Z"),
    });
    const list: ImportRequest = {
      source: { kind: "bytes", fileName: "list.json", bytes: jsonList([{ name: "fornyad.se", release_at: "2026-11-29" }]) },
      trigger: "upload",
    };
    await importReleaseList(handle(), list, { now: NOW });
    expect(await page(handle().db, "fornyad.se")).toMatchObject({ status: "available", uncheckedSinceRelease: true });
    expect(await countAvailable(handle().db)).toBe(0);
  });
});
