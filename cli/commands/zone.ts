import { resolve } from "node:path";
import { getEnv } from "~/server/env.server";
import { applyZoneRead, type ZoneApplyResult } from "~/server/zone/store/apply-zone-read.server";
import { appliedZoneRunText, syncZones, type ZoneSyncResult } from "~/server/zone/sync/zone-sync.server";
import { ZoneReadError } from "~/server/zone/dns-tcp.server";
import { readZoneFile } from "~/server/zone/zone-file.server";
import type { ZoneTld } from "~/server/zone/zone-records.server";
import { CommandLineError, defineCommand } from "~cli/command";
import { withCliDatabase } from "~cli/open-cli-database";

const FORCE = {
  type: "boolean",
  description: "apply a read that removes more than 2 % of the names in force (without it, such a read is held and nothing is applied)",
} as const;

function zoneTld(value: string): ZoneTld {
  const tld = value.trim().toLowerCase().replace(/^\./, "");
  if (tld !== "se" && tld !== "nu") throw new CommandLineError("--tld must be se or nu.");
  return tld;
}

/**
 * `zone-sync [--tld se] [--force]`: reads the registry's zone of each TLD in
 * ZONE_TLDS (or the one named) from ZONE_SERVER now, whether or not the
 * schedule has it due: SOA first, then the changes or the whole zone.
 * Exit 1 when a TLD failed.
 */
export const zoneSyncCommand = defineCommand({
  name: "zone-sync",
  description: "Read the registry's zone of each TLD in ZONE_TLDS from ZONE_SERVER now (nothing more when the serial is unchanged).",
  options: {
    tld: { type: "string", value: "se|nu", description: "only this TLD (one of ZONE_TLDS)" },
    force: FORCE,
  },
  async run({ values }) {
    const env = getEnv();
    const tlds = values.tld === undefined ? env.ZONE_TLDS : [zoneTld(values.tld)];
    const notConfigured = tlds.filter((tld) => !env.ZONE_TLDS.includes(tld));
    if (tlds.length === 0 || notConfigured.length > 0) {
      console.error(
        env.SEED_DEMO
          ? "zone-sync: no zone is read while SEED_DEMO is on (the demo data writes its own); set SEED_DEMO=false."
          : `zone-sync: ${tlds.length === 0 ? "ZONE_TLDS names no TLD" : `.${notConfigured.join(", .")} is not in ZONE_TLDS`}.`,
      );
      return 1;
    }
    const run = await withCliDatabase((handle) =>
      syncZones(handle, {
        server: env.ZONE_SERVER,
        tlds,
        intervalMinutes: env.ZONE_SYNC_MINUTES,
        force: values.force === true,
        trigger: "cli",
        now: new Date(),
      }),
    );
    for (const result of run.results) printSyncResult(result);
    return run.results.some((result) => result.state === "failed" || result.state === "busy") ? 1 : 0;
  },
});

function printSyncResult(result: ZoneSyncResult) {
  if (result.state === "failed") console.error(`zone-sync: .${result.tld} failed: ${result.message}`);
  else if (result.state === "held" || result.state === "busy") console.error(`zone-sync: ${result.message}`);
  else console.log(result.message);
}

/**
 * `zone-import FILE --tld se [--force]`: a zone file (RFC 1035, as the
 * registry publishes it or a transfer's dump; gzipped too) read into the
 * store as the TLD's snapshot, as a transfer would be.
 */
export const zoneImportCommand = defineCommand({
  name: "zone-import",
  arguments: ["<zone-file>"],
  description: "Read a TLD's zone from an RFC 1035 zone file (plain or gzipped) into the zone store.",
  options: {
    tld: { type: "string", value: "se|nu", description: "the zone's TLD (required)" },
    force: FORCE,
  },
  async run({ positionals: [file], values }) {
    if (!file) throw new CommandLineError("Give the zone file.");
    if (values.tld === undefined) throw new CommandLineError("--tld is required: the zone's TLD, se or nu.");
    const tld = zoneTld(values.tld);
    try {
      const result = await withCliDatabase(async (handle) =>
        applyZoneRead(handle, await readZoneFile(resolve(file), tld), { source: "file", force: values.force === true, trigger: "cli" }),
      );
      return printImportResult(result);
    } catch (error) {
      if (!(error instanceof ZoneReadError)) throw error;
      console.error(`zone-import: ${error.message}`);
      return 1;
    }
  },
});

function printImportResult({ state, tld, serial, run }: ZoneApplyResult): number {
  switch (state) {
    case "unchanged":
      console.log(`.${tld} is at serial ${serial} already (run ${run.id}); nothing was applied.`);
      return 0;
    case "succeeded":
      console.log(appliedZoneRunText(run, "the file"));
      return 0;
    case "held":
      console.error(`zone-import: ${run.heldReason ?? `run ${run.id} was held`}`);
      return 0;
    case "failed":
      console.error(`zone-import: .${tld} serial ${serial} was not applied (run ${run.id}): ${run.errorMessage ?? "the read failed"}`);
      return 1;
  }
}
