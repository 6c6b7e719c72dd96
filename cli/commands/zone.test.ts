import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "~/server/env.server";
import { withCliDatabase } from "~cli/open-cli-database";
import { type NsdServer, startNsd } from "~support/nsd-server";
import { writeSignedZone } from "~support/signed-zone";
import { zoneImportCommand, zoneSyncCommand } from "./zone";

const SETTINGS = ["DATA_DIR", "LOG_LEVEL", "SEED_DEMO", "ZONE_SERVER", "ZONE_TLDS"] as const;

describe("npm run cli -- zone-import / zone-sync (embedded database, no server running)", () => {
  let dataDir: string;
  let nsd: NsdServer | undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "snart-zone-cli-"));
    Object.assign(process.env, { DATA_DIR: dataDir, LOG_LEVEL: "silent", SEED_DEMO: "false", ZONE_TLDS: "se" });
    delete process.env.DATABASE_URL;
    resetEnvForTests();
  });
  afterEach(async () => {
    await nsd?.stop();
    for (const name of SETTINGS) delete process.env[name];
    resetEnvForTests();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("imports a gzipped zone file, then syncs from the zone server: the same serial, nothing transferred", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const zone = await writeSignedZone({ path: join(dataDir, "se.zone"), tld: "se", names: 40, serial: 2026120401, seed: 9 });
    const gzipped = join(dataDir, "se.zone.gz");
    writeFileSync(gzipped, gzipSync(readFileSync(zone.path)));

    expect(await zoneImportCommand.run([gzipped, "--tld", "se"])).toBe(0);
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^\.se serial 2026120401 applied from the file \(run \d+\): 40 names, 40 appeared/),
    );
    expect(await withCliDatabase((cli) => cli.query("select name from zone_delegations"))).toHaveLength(40);

    nsd = await startNsd([{ tld: "se", zoneFile: zone.path }]);
    process.env.ZONE_SERVER = nsd.server;
    resetEnvForTests();
    expect(await zoneSyncCommand.run(["--tld", "se"])).toBe(0);
    expect(log).toHaveBeenLastCalledWith(".se is at serial 2026120401 already; nothing was transferred.");

    // .nu is not read here; a missing file says so.
    expect(await zoneSyncCommand.run(["--tld", "nu"])).toBe(1);
    expect(error).toHaveBeenLastCalledWith("zone-sync: .nu is not in ZONE_TLDS.");
    expect(await zoneImportCommand.run([join(dataDir, "missing.zone"), "--tld", "se"])).toBe(1);
    expect(error).toHaveBeenLastCalledWith(`zone-import: The zone file ${join(dataDir, "missing.zone")} does not exist.`);
    expect(await zoneImportCommand.run([gzipped])).toBe(2);
  });

  it("reads no zone while the demo data is on", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    Object.assign(process.env, { SEED_DEMO: "true", ZONE_TLDS: "" });
    resetEnvForTests();
    expect(await zoneSyncCommand.run([])).toBe(1);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/no zone is read while SEED_DEMO is on/));
  });
});
