import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "~/server/env.server";
import { createDomains } from "~tests/factories/domains";
import { REGISTRY_SAMPLE_FILE, jsonList, numberedEntries } from "~tests/factories/imports";
import { withCliDatabase } from "~cli/open-cli-database";
import { importCommand } from "./import";
import { releaseUpdateCommand } from "./release-update";
import { rescoreCommand } from "./rescore";

describe("npm run cli -- import / release-update / rescore (embedded database, no server running)", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "snart-import-cli-"));
    process.env.DATA_DIR = dataDir;
    process.env.LOG_LEVEL = "silent";
    delete process.env.DATABASE_URL;
    resetEnvForTests();
  });
  afterEach(() => {
    delete process.env.DATA_DIR;
    delete process.env.LOG_LEVEL;
    resetEnvForTests();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("holds the registry sample (past-dated), imports its .se names with --apply-past-dated (long released: available), then runs the release update and rescores", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await importCommand.run([REGISTRY_SAMPLE_FILE, "--tld", "se"])).toBe(0);
    expect(log).toHaveBeenCalledWith("Import Held: nothing was imported (156 entries in the list).");
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(/^Warning: Held: 61 of the list's 61 release dates are before the import day .*--apply-past-dated\)\.$/),
    );
    expect(await withCliDatabase((cli) => cli.query("select name from domains"))).toEqual([]);

    // Applied anyway: the sample's 95 .nu names are rejected from a .se list: the run partly failed, says so on stderr, and exits 0.
    expect(await importCommand.run([REGISTRY_SAMPLE_FILE, "--tld", "se", "--apply-past-dated"])).toBe(0);
    expect(log).toHaveBeenCalledWith("Import Partly Failed: Processed 61 domains (61 new, 0 updated).");
    expect(log).toHaveBeenCalledWith("Entries in the list: 156; rejected: 95; renewed: 0.");
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(
        /^import: Partly failed \(95 of 156 failed\): 95 of 156 entries rejected\. Every rejected entry with its reason: run \d+ in the backoffice's TLD Imports tab \(\/api\/admin\/import-runs\/\d+\/rejected\.csv\)\.$/,
      ),
    );
    // Every entry rejected: the run failed, exit 1.
    const wrongTld = join(dataDir, "bara-nu.json");
    writeFileSync(wrongTld, jsonList([{ name: "bara.nu", release_at: "2030-01-01" }]));
    expect(await importCommand.run([wrongTld, "--tld", "se"])).toBe(1);
    expect(log).toHaveBeenCalledWith("Import Failed: Processed 0 domains (0 new, 0 updated).");
    const counts = await withCliDatabase((cli) =>
      cli.query<{ tld: string; count: number }>("select tld, count(*)::int as count from domains group by tld"),
    );
    expect(counts).toEqual([{ tld: ".se", count: 61 }]);
    // The 2021 names were released long ago: a list never makes a released name soon available.
    const statuses = await withCliDatabase((cli) => cli.query<{ status: string }>("select distinct status from domains"));
    expect(statuses).toEqual([{ status: "available" }]);

    expect(await releaseUpdateCommand.run([])).toBe(0);
    expect(log).toHaveBeenLastCalledWith("0 domains were updated from soon available to available");
    expect(await rescoreCommand.run([])).toBeUndefined();
    expect(log.mock.calls.at(-1)?.[0]).toMatch(/^Rescored 61 names: 0 scores changed/);
  }, 120_000); // opens the embedded database several times (a few seconds each on a busy machine)

  it("--complete holds back the renewals of a list that looks partial and says why; --force-complete applies them", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const stored = numberedEntries(10, { releaseAt: "2099-06-01" });
    await withCliDatabase(async (cli) => {
      await createDomains(
        cli.db,
        stored.map((entry) => ({ name: entry.name, status: "soonavailable", releaseDate: entry.release_at })),
      );
    });
    const file = join(dataDir, "del-av-listan.json");
    writeFileSync(file, jsonList(stored.slice(0, 6)));
    const renewed = () => withCliDatabase((cli) => cli.query("select count(*)::int as n from domains where status = 'renewed'"));

    expect(await importCommand.run([file, "--tld", "se", "--complete"])).toBe(0);
    expect(log).toHaveBeenCalledWith("Entries in the list: 6; rejected: 0; renewed: 0.");
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(
        /^Warning: Renewals not applied: this list would mark 4 of the 10 soon-available \.se names .*--force-complete\)\.$/,
      ),
    );
    expect(await renewed()).toEqual([{ n: 0 }]);

    error.mockClear();
    expect(await importCommand.run([file, "--tld", "se", "--force-complete"])).toBe(0);
    expect(log).toHaveBeenLastCalledWith("Entries in the list: 6; rejected: 0; renewed: 4.");
    expect(error).not.toHaveBeenCalled();
    expect(await renewed()).toEqual([{ n: 4 }]);
    // Forcing needs the list's TLD: which names would it renew otherwise?
    expect(await importCommand.run([file, "--force-complete"])).toBe(2);
  });

  it("explains its arguments and reports a failed import on stderr", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const usage =
      /\nUsage: npm run cli -- import <url-or-file> \[--tld se\|nu\] \[--complete\] \[--force-complete\] \[--apply-past-dated\]\n/;
    expect(await importCommand.run([])).toBe(2);
    expect(error.mock.calls[0][0]).toMatch(/^Give the release list's URL or file\./);
    expect(error.mock.calls[0][0]).toMatch(usage);
    expect(await importCommand.run(["list.json", "--tld", "com"])).toBe(2);
    expect(error).toHaveBeenLastCalledWith(expect.stringMatching(/^--tld must be se or nu\.\n/));
    expect(await importCommand.run(["list.json", "--tdl", "se"])).toBe(2);
    expect(error).toHaveBeenLastCalledWith(
      expect.stringMatching(/^Unknown option --tdl\. Its options: --tld, --complete, --force-complete, --apply-past-dated\.\n/),
    );
    expect(await importCommand.run(["list.json", "--tld"])).toBe(2);
    expect(error).toHaveBeenLastCalledWith(expect.stringMatching(/^--tld needs a value: --tld se\|nu\.\n/));
    expect(await importCommand.run([join(dataDir, "missing.json")])).toBe(1);
    expect(error).toHaveBeenLastCalledWith(`Import failed: Failed to read file: ${join(dataDir, "missing.json")} does not exist`);
    error.mockClear();
  });
});
