import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "~/server/env.server";
import { createDomains } from "~tests/factories/domains";
import { startFakeDas, type FakeDasBehaviour } from "~tests/support/fake-das-server";
import { withCliDatabase } from "~cli/open-cli-database";
import { checkAvailabilityCommand } from "./check-availability";

describe("npm run cli -- check-availability: the exit code follows the run's outcome", () => {
  let dataDir: string;
  let das: Awaited<ReturnType<typeof startFakeDas>> | undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "snart-check-cli-"));
    process.env.DATA_DIR = dataDir;
    process.env.LOG_LEVEL = "silent";
    delete process.env.DATABASE_URL;
  });
  afterEach(async () => {
    await das?.close();
    das = undefined;
    for (const key of ["DATA_DIR", "LOG_LEVEL", "DAS_SE_URL", "DAS_NU_URL", "DAS_RATE_PER_SECOND"]) delete process.env[key];
    resetEnvForTests();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // One data folder for the three runs (each fresh folder is migrated, ~10 s here): a name whose check
  // failed is not due again for 30 minutes, so each run checks only the names added for it.
  it("exits 1 when every check failed, 0 with a line on stderr when some did, 0 when none did", async () => {
    const answers: Record<string, FakeDasBehaviour> = {
      "trasig-1.se": "error-500",
      "trasig-2.se": "error-500",
      "trasig-3.nu": "error-500",
      "ledig.se": "free",
      "tagen.nu": "occupied",
      "trasig-4.se": "error-500",
      "ledig-2.se": "free",
    };
    das = await startFakeDas(answers);
    Object.assign(process.env, { DAS_SE_URL: das.url, DAS_NU_URL: das.url, DAS_RATE_PER_SECOND: "100" });
    resetEnvForTests();
    const release = (names: string[]) =>
      withCliDatabase((handle) =>
        createDomains(
          handle.db,
          names.map((name) => ({ name, status: "available" as const })),
        ),
      );
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});

    await release(["trasig-1.se", "trasig-2.se", "trasig-3.nu"]);
    expect(await checkAvailabilityCommand.run([])).toBe(1);
    expect(log).toHaveBeenLastCalledWith("Domain Availability Check: No domain was checked: all 3 requests failed (HTTP 500).");
    expect(error).toHaveBeenLastCalledWith("check-availability: Failed, nothing succeeded");

    await release(["ledig.se", "tagen.nu", "trasig-4.se"]);
    expect(await checkAvailabilityCommand.run([])).toBe(0);
    expect(error).toHaveBeenLastCalledWith("check-availability: Partly failed (1 of 3 failed)");

    error.mockClear();
    await release(["ledig-2.se"]);
    expect(await checkAvailabilityCommand.run([])).toBe(0);
    expect(log).toHaveBeenLastCalledWith(
      "Domain Availability Check: Checked 1 domains (1 .se, 0 .nu): 0 updated to registered, 0 held by the registry, 0 errors.",
    );
    expect(error).not.toHaveBeenCalled();
  }, 120_000); // opens the embedded database several times (a few seconds each on a busy machine)
});
