// The registry's two halves driven through the real pipelines, for the replay
// tests (zone-replay.server.test.ts, routes/feeds/watch-replay.server.test.ts):
// the nightly .se release list (importReleaseList), the release job and the
// availability check (with the fake registry's answers), and the zone read
// from RFC 1035 files (readZoneFile + applyZoneRead, as `npm run cli --
// zone-import` does). Register it inside a describe: it keeps a work
// directory per test.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { importReleaseList, type ImportRequest } from "~/server/imports/release-list/import-release-list.server";
import { availabilityCheckJob } from "~/server/jobs/availability-check.job.server";
import { runRecordedJob } from "~/server/jobs/record-job-run.server";
import { releaseUpdateJob } from "~/server/jobs/release-update.job.server";
import { jsonList, type ListEntry } from "~tests/factories/imports";
import { fakeRegistryForEachTest, type FakeDasBehaviour } from "~tests/support/fake-das-server";
import { applyZoneRead } from "./store/apply-zone-read.server";
import { readZoneFile } from "./zone-file.server";

export const LOOPIA = ["ns1.loopia.se", "ns2.loopia.se"];
export const ONE_COM = ["ns01.one.com", "ns02.one.com"];
export const BINERO = ["ns1.binero.se", "ns2.binero.se"];
export const CLOUDFLARE = ["ada.ns.cloudflare.com", "bob.ns.cloudflare.com"];
export const SEDO = ["ns1.sedoparking.com", "ns2.sedoparking.com"];
export const NO_OPERATOR = ["ns1.exempelvard.se", "ns2.exempelvard.se"];

/** 100 names delegated throughout: enough that the zone read's 2 % hold lets one or two names go. */
export const FILLERS: Record<string, string[]> = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`fyll-${i + 1}.se`, LOOPIA]));

/** A signed TLD's file as the registry publishes it: SOA, the apex, delegations with a DS now and then, NSEC, glue. */
export function zoneFileText(serial: number, names: Record<string, string[]>): string {
  const lines = [
    "$TTL 3600",
    "$ORIGIN se.",
    `@ IN SOA catcher-in-the-rye.nic.se. registry-default.nic.se. ${serial} 1800 600 864000 7200`,
    "@ IN NS a.ns.se.",
    "@ IN RRSIG SOA 8 1 7200 20300601000000 20300501000000 12345 se. AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
    "a.ns IN A 192.0.2.53",
  ];
  for (const [name, hosts] of Object.entries(names).sort(([a], [b]) => a.localeCompare(b))) {
    for (const host of hosts) lines.push(`${name}. IN NS ${host}.`);
    if (name.startsWith("fyll-1")) lines.push(`${name}. IN DS 12345 8 2 0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF`);
    lines.push(`${name}. IN NSEC next.se. NS RRSIG NSEC`);
  }
  return lines.join("\n") + "\n";
}

export const completeSeList = (entries: ListEntry[]): ImportRequest => ({
  source: { kind: "bytes", bytes: jsonList(entries), fileName: "bardate_domains.json" },
  tld: ".se",
  completeList: true,
  trigger: "schedule",
});

/** The pipelines over the test's database; call at a describe's top level (it registers hooks). */
export function registryReplay(handle: () => DatabaseHandle) {
  const registry = fakeRegistryForEachTest(1000);
  let workDir = "";
  let serial = 0;
  beforeEach(() => {
    workDir = mkdtempSync(join(tmpdir(), "zone-replay-"));
    serial = 0;
  });
  afterEach(() => rmSync(workDir, { recursive: true, force: true }));

  return {
    /** A day's zone (name → its name servers) written as a file and read through the zone-import pipeline; the snapshot's id. */
    async zoneImport(names: Record<string, string[]>, at: Date) {
      serial += 1;
      const path = join(workDir, `se-${serial}.zone`);
      writeFileSync(path, zoneFileText(2030050100 + serial - 1, names));
      const result = await applyZoneRead(handle(), await readZoneFile(path, "se"), { source: "file", trigger: "cli", now: at });
      expect(result.state, result.run.errorMessage ?? result.run.heldReason ?? "").toBe("succeeded");
      return result.run.id;
    },
    /** The complete .se list as the nightly import reads it. */
    importList: (entries: ListEntry[], now: Date) => importReleaseList(handle(), completeSeList(entries), { now }),
    /** The release job at `now` (04:00 UTC on a release morning). */
    release: (now: Date) => runRecordedJob(releaseUpdateJob, { handle: handle(), now, trigger: "schedule" }, {}),
    /** One round of the availability check at `now`, the fake registry answering so (every other name free). */
    async checkRound(now: Date, answers: Record<string, FakeDasBehaviour>) {
      await registry.answer(answers, "free");
      await handle().query("update domains set next_check_at = $1 where status = 'available'", [now]);
      await runRecordedJob(availabilityCheckJob, { handle: handle(), now, trigger: "schedule" }, {});
    },
  };
}
