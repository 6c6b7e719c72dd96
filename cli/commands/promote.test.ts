import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { user } from "~/server/db/schema/index.server";
import { resetEnvForTests } from "~/server/env.server";
import { setUserRole } from "~/server/users/set-user-role.server";
import { createUser } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { withCliDatabase } from "~cli/open-cli-database";
import { demoteCommand, promoteCommand } from "./promote";

describeEachEngine("setUserRole", ({ handle }) => {
  it("gives and takes the admin role by e-mail, in any case and with spaces", async () => {
    const db = handle().db;
    const anna = await createUser(db, { email: "anna@example.se" });
    expect(await setUserRole(db, "  ANNA@example.SE ", "admin")).toBe(true);
    expect((await db.select({ role: user.role }).from(user).where(eq(user.id, anna.id)))[0].role).toBe("admin");
    expect(await setUserRole(db, "anna@example.se", "user")).toBe(true);
    expect((await db.select({ role: user.role }).from(user).where(eq(user.id, anna.id)))[0].role).toBe("user");
    expect(await setUserRole(db, "nobody@example.se", "admin")).toBe(false);
  });
});

describe("npm run cli -- promote <email> (embedded database, no server running)", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "snart-promote-"));
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    resetEnvForTests();
  });
  afterEach(() => {
    delete process.env.DATA_DIR;
    resetEnvForTests();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("promotes and demotes a signed-up user and refuses an unknown address", async () => {
    await withCliDatabase((cli) => createUser(cli.db, { email: "chef@example.se" }));
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    // The CLI reports an unknown address on stderr; capture it here instead of failing the test.
    const error = vi.spyOn(console, "error").mockImplementation(() => {});

    expect(await promoteCommand.run(["chef@example.se"])).toBeUndefined();
    expect(log).toHaveBeenLastCalledWith("chef@example.se is now an administrator.");
    expect(await withCliDatabase((cli) => cli.db.select({ role: user.role }).from(user))).toEqual([{ role: "admin" }]);

    expect(await demoteCommand.run(["chef@example.se"])).toBeUndefined();
    expect(log).toHaveBeenLastCalledWith("chef@example.se is no longer an administrator.");

    expect(await promoteCommand.run(["okand@example.se"])).toBe(1);
    expect(error).toHaveBeenLastCalledWith("No user with the e-mail address okand@example.se. Sign up on the site first.");
    expect(await promoteCommand.run([])).toBe(2);
    log.mockRestore();
  }, 120_000);
});
