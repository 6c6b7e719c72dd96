import { expect, it } from "vitest";
import { createDomains } from "~tests/factories/domains";
import { jsonList, numberedEntries, type ListEntry } from "~tests/factories/imports";
import { describeEachEngine } from "~tests/setup/test-db";
import { importReleaseList, type ImportRequest } from "./import-release-list.server";

// The sanity threshold on complete lists (docs/product.md, "Release lists and imports").

// 10:00 UTC on 1 February: names releasing on 4 February or later are at least 48 hours away (renewable).
const NOW = new Date("2030-02-01T10:00:00Z");
const FAR = "2030-02-20";
const NEAR = "2030-02-02";

const completeList = (entries: ListEntry[], extra: Partial<ImportRequest> = {}): ImportRequest => ({
  source: { kind: "bytes", bytes: jsonList(entries), fileName: "bardate_domains.json" },
  tld: ".se",
  completeList: true,
  trigger: "schedule",
  ...extra,
});

describeEachEngine("the sanity threshold on complete lists", ({ handle }) => {
  const storeSoon = (entries: ListEntry[]) =>
    createDomains(
      handle().db,
      entries.map((entry) => ({ name: entry.name, status: "soonavailable" as const, releaseDate: entry.release_at })),
    );
  const statusCounts = async () =>
    Object.fromEntries(
      (await handle().query<{ status: string; n: number }>("select status, count(*)::int as n from domains group by status")).map((row) => [
        row.status,
        row.n,
      ]),
    );
  const runOf = async (runId: number) =>
    (
      await handle().query<{ state: string; warning: string | null; renewed: number; complete_list: boolean; force_complete: boolean }>(
        "select state, warning, renewed, complete_list, force_complete from import_runs where id = $1",
        [runId],
      )
    )[0];

  it("marks nothing renewed when more than 20 % of the renewable names would be, imports the names and says why", async () => {
    const stored = numberedEntries(10, { releaseAt: FAR });
    await storeSoon(stored);
    // A partial list: 7 of the 10, and one new name.
    const partial = [...stored.slice(0, 7), { name: "ny.se", release_at: FAR }];

    const summary = await importReleaseList(handle(), completeList(partial), { now: NOW });

    expect(summary).toMatchObject({ inserted: 1, updated: 7, renewed: 0 });
    expect(summary.warning).toBe(
      "Renewals not applied: this list would mark 3 of the 10 soon-available .se names releasing two or more days ahead as renewed (30 %), " +
        'more than 20 %. The names on it were imported; nothing was marked renewed. If it is the complete list, run it again with "Apply as complete" (CLI: --force-complete).',
    );
    expect(await statusCounts()).toEqual({ soonavailable: 11 });
    expect(await runOf(summary.runId)).toEqual({
      state: "succeeded",
      warning: summary.warning,
      renewed: 0,
      complete_list: true,
      force_complete: false,
    });
    const events = await handle().query("select type from domain_events where type = 'renewed'");
    expect(events).toEqual([]);
  });

  it("applies up to 20 % of the renewable names, and counts only names releasing two or more days ahead", async () => {
    const stored = numberedEntries(10, { releaseAt: FAR });
    // Many names releasing tomorrow, none of them on the list: they are not renewable, so they neither count nor renew.
    const tomorrow = numberedEntries(20, { prefix: "imorgon", releaseAt: NEAR });
    await storeSoon([...stored, ...tomorrow]);

    const summary = await importReleaseList(handle(), completeList(stored.slice(0, 8)), { now: NOW });

    expect(summary).toMatchObject({ renewed: 2, warning: null });
    expect(await statusCounts()).toEqual({ soonavailable: 28, renewed: 2 });
  });

  it("with 'apply as complete', applies the renewals past the threshold and records that it was forced", async () => {
    const stored = numberedEntries(10, { releaseAt: FAR });
    await storeSoon(stored);

    const summary = await importReleaseList(handle(), completeList(stored.slice(0, 5), { forceComplete: true }), { now: NOW });

    expect(summary).toMatchObject({ renewed: 5, warning: null });
    expect(await runOf(summary.runId)).toMatchObject({ complete_list: true, force_complete: true });
  });

  it("marks nothing renewed when the list brings fewer than half the names of the previous complete list applied", async () => {
    // 20 renewable names and 30 releasing tomorrow, all on the first list.
    const far = numberedEntries(20, { releaseAt: FAR });
    const near = numberedEntries(30, { prefix: "imorgon", releaseAt: NEAR });
    await storeSoon([...far, ...near]);
    const first = await importReleaseList(handle(), completeList([...far, ...near]), { now: NOW });
    expect(first).toMatchObject({ renewed: 0, warning: null });

    // The next has 19 of the 20 (one renewal: 5 %, under 20 %), but 19 names is fewer than half of 50.
    const shorter = completeList(far.slice(0, 19));
    const second = await importReleaseList(handle(), shorter, { now: NOW });
    expect(second).toMatchObject({ renewed: 0 });
    expect(second.warning).toBe(
      "Renewals not applied: this list has 19 .se names, fewer than half of the 50 on the previous complete list. " +
        'The names on it were imported; nothing was marked renewed. If it is the complete list, run it again with "Apply as complete" (CLI: --force-complete).',
    );
    expect(await statusCounts()).toEqual({ soonavailable: 50 });

    // A list with a warning is no baseline: the same list again is still compared with the 50.
    const third = await importReleaseList(handle(), shorter, { now: NOW });
    expect(third.warning).toMatch(/fewer than half of the 50 on the previous complete list/);

    // Applied as complete, it renews the one name, and becomes the list the next one is compared with.
    const forced = await importReleaseList(handle(), { ...shorter, forceComplete: true }, { now: NOW });
    expect(forced).toMatchObject({ renewed: 1, warning: null });
    const after = await importReleaseList(handle(), completeList(far.slice(0, 16)), { now: NOW });
    expect(after).toMatchObject({ warning: null });
  });

  it("compares a list only with the complete lists of its own TLD", async () => {
    const se = numberedEntries(30, { releaseAt: FAR });
    await importReleaseList(handle(), completeList(se), { now: NOW });
    // An upload of part of a list (not complete) is no baseline ...
    await importReleaseList(handle(), completeList(se.slice(0, 2), { completeList: false }), { now: NOW });
    const shorter = await importReleaseList(handle(), completeList(se.slice(0, 14)), { now: NOW });
    expect(shorter.warning).toMatch(/^Renewals not applied: this list has 14 .se names, fewer than half of the 30 /);
    // ... and the first .nu list has none.
    const nu = await importReleaseList(handle(), completeList(numberedEntries(3, { tld: "nu", releaseAt: FAR }), { tld: ".nu" }), {
      now: NOW,
    });
    expect(nu.warning).toBeNull();
  });

  it("says why an empty list is not read for renewals, whatever 'apply as complete' says", async () => {
    await storeSoon(numberedEntries(3, { releaseAt: FAR }));
    const summary = await importReleaseList(handle(), completeList([], { forceComplete: true }), { now: NOW });
    expect(summary).toMatchObject({ renewed: 0, warning: "Renewals not read: the list has no valid names of its TLD; it looks broken." });
    expect(await statusCounts()).toEqual({ soonavailable: 3 });
  });
});
