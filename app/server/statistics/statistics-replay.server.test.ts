import { expect, it } from "vitest";
import type { DomainRow } from "~/server/db/schema/index.server";
import { importReleaseList, type ImportRequest } from "~/server/imports/release-list/import-release-list.server";
import { availabilityCheckJob } from "~/server/jobs/availability-check.job.server";
import { runRecordedJob } from "~/server/jobs/record-job-run.server";
import { releaseUpdateJob } from "~/server/jobs/release-update.job.server";
import { jsonList, type ListEntry } from "~tests/factories/imports";
import { describeEachEngine } from "~tests/setup/test-db";
import { fakeRegistryForEachTest, type FakeDasBehaviour } from "~tests/support/fake-das-server";
import { importRejectionsCsv } from "~/server/imports/release-list/runs/import-rejections.server";
import { findAvailable } from "~/server/domains/lists.server";
import { loadStatistics } from "./load-statistics.server";

// Several simulated days through the real writers and jobs: lists that drop a name, two release
// mornings and the registry's answers. The figures at the end are counted by hand from this story.

const completeSeList = (entries: ListEntry[]): ImportRequest => ({
  source: { kind: "bytes", bytes: jsonList(entries), fileName: "bardate_domains.json" },
  tld: ".se",
  completeList: true,
  trigger: "schedule",
});

const at = (iso: string) => new Date(iso);
/** An old .nu file (every release date past): an upload, not the configured list. */
const pastDatedNuUpload = (): ImportRequest => ({
  source: {
    kind: "bytes",
    bytes: jsonList(["gammal-1.nu", "gammal-2.nu", "gammal-3.nu"].map((name) => ({ name, release_at: "2029-12-01" }))),
    fileName: "bardate_domains_nu.json",
  },
  tld: ".nu",
  trigger: "upload",
});
const FILLERS = ["fyll-1.se", "fyll-2.se", "fyll-3.se", "fyll-4.se", "fyll-5.se"].map((name) => ({ name, release_at: "2030-01-22" }));
const FIRST_LIST: ListEntry[] = [
  { name: "alfa.se", release_at: "2030-01-20" },
  { name: "beta.se", release_at: "2030-01-20" },
  { name: "cesar.se", release_at: "2030-01-20" },
  { name: "david.se", release_at: "2030-01-21" },
  { name: "erik.se", release_at: "2030-01-25" },
  ...FILLERS,
];

describeEachEngine("statistics over simulated days", ({ handle }) => {
  const registry = fakeRegistryForEachTest(100);
  /** A round of the availability check at `now` with every released name due (the schedule's spacing is not under test here). */
  async function checkRound(now: Date, answers: Record<string, FakeDasBehaviour>) {
    await registry.answer(answers);
    await handle().query("update domains set next_check_at = $1 where status = 'available'", [now]);
    await runRecordedJob(availabilityCheckJob, { handle: handle(), now, trigger: "schedule" }, {});
  }
  const release = (now: Date) => runRecordedJob(releaseUpdateJob, { handle: handle(), now, trigger: "schedule" }, {});
  const status = async (name: string) =>
    (await handle().query<Pick<DomainRow, "status">>("select status from domains where name = $1", [name]))[0]?.status;

  it("counts releases, catches, renewals and today's list exactly", async () => {
    await importReleaseList(handle(), completeSeList(FIRST_LIST), { now: at("2030-01-01T10:00:00Z") });
    // beta leaves the list 15 days before its release: renewed.
    await importReleaseList(handle(), completeSeList(FIRST_LIST.filter((entry) => entry.name !== "beta.se")), {
      now: at("2030-01-05T10:00:00Z"),
    });
    expect(await status("beta.se")).toBe("renewed");
    // kalle joins the list with 10 days left.
    const withKalle = [...FIRST_LIST.filter((entry) => entry.name !== "beta.se"), { name: "kalle.se", release_at: "2030-01-20" }];
    await importReleaseList(handle(), completeSeList(withKalle), { now: at("2030-01-10T10:00:00Z") });
    // An administrator uploads an old .nu file by mistake: past-dated, held, nothing written.
    const held = await importReleaseList(handle(), pastDatedNuUpload(), { now: at("2030-01-12T10:00:00Z") });
    expect(held).toMatchObject({ processed: 0, pastDatedList: "held" });
    expect(await status("gammal-1.nu")).toBeUndefined();

    // The first release morning: alfa, cesar and kalle.
    await release(at("2030-01-20T04:00:00Z"));
    // cesar answers "occupied" before it was ever seen free: the registry may still hold it.
    await checkRound(at("2030-01-20T04:30:00Z"), { "cesar.se": "occupied" });
    expect(await status("cesar.se")).toBe("available");
    // alfa, seen free at 04:30, is taken by 04:50: within the hour.
    await checkRound(at("2030-01-20T04:50:00Z"), { "alfa.se": "occupied", "cesar.se": "occupied" });
    expect(await status("alfa.se")).toBe("registered");
    // After the morning, cesar's "occupied" means taken: within a day, first seen at this check.
    await checkRound(at("2030-01-20T13:00:00Z"), { "cesar.se": "occupied" });
    expect(await status("cesar.se")).toBe("registered");

    // The second morning: david, never checked after.
    await release(at("2030-01-21T04:00:00Z"));
    // kalle, last seen free on the 20th at 13:00, is taken by the 23rd: within 7 days, seen at the next check.
    await checkRound(at("2030-01-23T12:00:00Z"), { "kalle.se": "occupied", "david.se": "error-500" });
    expect(await status("kalle.se")).toBe("registered");

    const view = await loadStatistics(handle(), at("2030-01-23T12:00:00Z"));
    const day = (date: string) => view.releaseDays.find((entry) => entry.day === date);
    expect(day("2030-01-20")).toMatchObject({ se: 3, nu: 0, scheduled: false });
    expect(day("2030-01-21")).toMatchObject({ se: 1, scheduled: false });
    // As counted by the release job of the 21st: the fillers and erik still to come.
    const computedAtRelease = await handle().query<{ day: string; names: number; scheduled: boolean }>(
      "select day::text as day, names, scheduled from stats_release_days where scheduled order by day",
    );
    expect(computedAtRelease).toEqual([
      { day: "2030-01-22", names: 5, scheduled: true },
      { day: "2030-01-25", names: 1, scheduled: true },
    ]);

    const catches = (date: string) => view.catchByDay.find((entry) => entry.day === date);
    expect(catches("2030-01-20")).toMatchObject({
      released: 3,
      states: { "1h": 1, "1d": 1, "7d": 1, "30d": 0, later: 0, free: 0, unchecked: 0 },
      byNextCheck: { "1h": 0, "1d": 1, "7d": 1 },
    });
    expect(catches("2030-01-21")).toMatchObject({ released: 1, states: { unchecked: 1 } });

    const curve = (daysLeft: number) => view.renewalCurve.find((point) => point.daysLeft === daysLeft);
    expect(curve(0)).toEqual({ daysLeft: 0, onList: 4, renewed: 0 });
    expect(curve(10)).toEqual({ daysLeft: 10, onList: 4, renewed: 0 });
    expect(curve(11)).toEqual({ daysLeft: 11, onList: 3, renewed: 0 });
    expect(curve(16)).toEqual({ daysLeft: 16, onList: 4, renewed: 1 });
    expect(curve(19)).toEqual({ daysLeft: 19, onList: 4, renewed: 1 });
    expect(curve(20)).toEqual({ daysLeft: 20, onList: 1, renewed: 0 });
    expect(curve(21)).toEqual({ daysLeft: 21, onList: 0, renewed: 0 });

    expect(view.currentList.total).toBe(6);

    // The history beside the figures: alfa keeps the free answer before its catch.
    const [alfa] = await handle().query<{ first_free_at: Date; last_free_at: Date; taken_at: Date; listed_on: string }>(
      "select first_free_at, last_free_at, taken_at, listed_on::text from release_outcomes where domain_name = 'alfa.se'",
    );
    expect(alfa).toEqual({
      first_free_at: at("2030-01-20T04:30:00Z"),
      last_free_at: at("2030-01-20T04:30:00Z"),
      taken_at: at("2030-01-20T04:50:00Z"),
      listed_on: "2030-01-01",
    });

    // The old file applied anyway: its names are released but not on /available until a check answers for them.
    await importReleaseList(handle(), { ...pastDatedNuUpload(), applyPastDated: true }, { now: at("2030-01-23T13:00:00Z") });
    expect(await status("gammal-1.nu")).toBe("available");
    const listed = async () => (await findAvailable(handle().db)).domains.map((domain) => domain.name).sort();
    expect(await listed()).toEqual([]);
    await runRecordedJob(availabilityCheckJob, { handle: handle(), now: at("2030-01-23T13:30:00Z"), trigger: "schedule" }, {});
    expect(await listed()).toEqual(["gammal-1.nu", "gammal-2.nu", "gammal-3.nu"]);
  });

  it("an upload with rejected lines between the registry's days is partly failed: its good names count, its rejected ones are kept with their reasons", async () => {
    await importReleaseList(handle(), completeSeList(FIRST_LIST), { now: at("2030-01-01T10:00:00Z") });
    // An administrator uploads seven lines by hand: two good names, five that no list may carry.
    const lines = [
      "gustav.se\t2030-01-24",
      "olle.nu\t2030-01-24",
      "helga.se\t2030-01-24",
      "ivar.se\t2030-02-30",
      "gustav.se\t2030-01-26",
      "bara-ett-falt",
      '=HYPERLINK("http://evil.example")\t2030-01-24',
    ];
    const upload = await importReleaseList(
      handle(),
      {
        source: { kind: "bytes", bytes: Buffer.from(lines.join("\n")), fileName: "handplockat.txt" },
        tld: ".se",
        completeList: false,
        trigger: "upload",
      },
      { now: at("2030-01-02T09:00:00Z") },
    );
    expect(upload).toMatchObject({ outcome: "partly_failed", total: 7, processed: 2, inserted: 2, failed: 5, renewed: 0 });
    const [run] = await handle().query<{ state: string; failed: number; error_message: string | null }>(
      "select state, failed, error_message from import_runs where id = $1",
      [upload.runId],
    );
    expect(run).toEqual({ state: "partly_failed", failed: 5, error_message: null });
    expect(await status("gustav.se")).toBe("soonavailable");
    expect(await status("helga.se")).toBe("soonavailable");
    expect(await status("olle.nu")).toBeUndefined();
    expect(await status("ivar.se")).toBeUndefined();

    // Every rejected line with its reason, a formula kept as text.
    const csv = (await importRejectionsCsv(handle(), upload.runId))!.trimEnd().split("\r\n");
    expect(csv).toEqual([
      "position,entry,reason",
      "2,olle.nu\t2030-01-24,olle.nu is a .nu name; this list is for .se",
      '4,ivar.se\t2030-02-30,"ivar.se: release date ""2030-02-30"" is not a real YYYY-MM-DD date"',
      "5,gustav.se\t2030-01-26,gustav.se is listed again (first at Line 1); the first entry is used",
      '6,bara-ett-falt,"""bara-ett-falt"" is not ""name<TAB>YYYY-MM-DD"""',
      `7,"'=HYPERLINK(""http://evil.example"")\t2030-01-24","""=HYPERLINK(\\""http://evil.example\\"")"" is not a valid domain name"`,
    ]);

    // The next night's complete list carries the uploaded names: none is renewed, and the day's figures count them.
    const nextNight = [...FIRST_LIST, { name: "gustav.se", release_at: "2030-01-24" }, { name: "helga.se", release_at: "2030-01-24" }];
    expect(await importReleaseList(handle(), completeSeList(nextNight), { now: at("2030-01-03T02:00:00Z") })).toMatchObject({
      outcome: "succeeded",
      renewed: 0,
    });
    const view = await loadStatistics(handle(), at("2030-01-03T02:00:00Z"));
    expect(view.currentList.total).toBe(12);
  });
});
