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
  const roleOf = async (id: string) => (await handle().db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0].role;

  it("gives and takes the admin role by e-mail, in any case and with spaces", async () => {
    const db = handle().db;
    const anna = await createUser(db, { email: "anna@example.se" });
    await createUser(db, { email: "bo@example.se", role: "admin" });
    expect(await setUserRole(db, "  ANNA@example.SE ", "admin")).toEqual({ ok: true });
    expect(await roleOf(anna.id)).toBe("admin");
    expect(await setUserRole(db, "anna@example.se", "user")).toEqual({ ok: true });
    expect(await roleOf(anna.id)).toBe("user");
    expect(await setUserRole(db, "nobody@example.se", "admin")).toEqual({ ok: false, reason: "not-found" });
  });

  it("never takes the role from the last administrator who can sign in", async () => {
    const db = handle().db;
    const chef = await createUser(db, { email: "chef@example.se", role: "admin" });
    expect(await setUserRole(db, "chef@example.se", "user")).toEqual({ ok: false, reason: "last-admin" });
    expect(await roleOf(chef.id)).toBe("admin");

    // A suspended administrator cannot run the backoffice: chef is still the last one.
    const second = await createUser(db, { email: "second@example.se", role: "admin" });
    await db.update(user).set({ banned: true }).where(eq(user.id, second.id));
    expect(await setUserRole(db, "chef@example.se", "user")).toEqual({ ok: false, reason: "last-admin" });
    // The suspended one can lose the role; then, restored, the two are two and one can go.
    expect(await setUserRole(db, "second@example.se", "user")).toEqual({ ok: true });
    await db.update(user).set({ banned: false, role: "admin" }).where(eq(user.id, second.id));
    expect(await setUserRole(db, "chef@example.se", "user")).toEqual({ ok: true });
    expect(await roleOf(chef.id)).toBe("user");
    expect(await setUserRole(db, "second@example.se", "user")).toEqual({ ok: false, reason: "last-admin" });
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

  it("promotes and demotes a signed-up user, refuses an unknown address and keeps the last administrator", async () => {
    await withCliDatabase(async (cli) => {
      await createUser(cli.db, { email: "chef@example.se" });
      await createUser(cli.db, { email: "assistent@example.se", role: "admin" });
    });
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    // The CLI reports an unknown address on stderr; capture it here instead of failing the test.
    const error = vi.spyOn(console, "error").mockImplementation(() => {});

    expect(await promoteCommand.run(["chef@example.se"])).toBeUndefined();
    expect(log).toHaveBeenLastCalledWith("chef@example.se is now an administrator.");
    expect(await withCliDatabase((cli) => cli.db.select({ role: user.role }).from(user).where(eq(user.email, "chef@example.se")))).toEqual([{ role: "admin" }]);

    expect(await demoteCommand.run(["chef@example.se"])).toBeUndefined();
    expect(log).toHaveBeenLastCalledWith("chef@example.se is no longer an administrator.");
    // The last administrator who can sign in keeps the role, as they keep their account.
    expect(await demoteCommand.run(["assistent@example.se"])).toBe(1);
    expect(error).toHaveBeenLastCalledWith(
      "Refused: assistent@example.se is the last administrator who can sign in. Make another administrator first (npm run cli -- promote <email>).",
    );
    expect(await promoteCommand.run(["chef@example.se"])).toBeUndefined();
    expect(await demoteCommand.run(["assistent@example.se"])).toBeUndefined();
    expect(await demoteCommand.run(["chef@example.se"])).toBe(1);
    expect(error).toHaveBeenLastCalledWith(
      "Refused: chef@example.se is the last administrator who can sign in. Make another administrator first (npm run cli -- promote <email>).",
    );
    expect(await withCliDatabase((cli) => cli.db.select({ role: user.role }).from(user).where(eq(user.email, "chef@example.se")))).toEqual([{ role: "admin" }]);

    expect(await promoteCommand.run(["okand@example.se"])).toBe(1);
    expect(error).toHaveBeenLastCalledWith("No user with the e-mail address okand@example.se. Sign up on the site first.");
    expect(await promoteCommand.run([])).toBe(2);
    log.mockRestore();
  }, 120_000);
});
