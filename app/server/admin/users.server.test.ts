import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import { insertUserRow } from "~tests/factories/admin";
import { user } from "~/server/db/schema/index.server";
import { listUsers } from "./list-users.server";
import { setAdminRole } from "./set-admin-role.server";

describeEachEngine("admin users", ({ handle }) => {
  it("lists users newest first, a page at a time, with the total", async () => {
    const db = handle().db;
    for (let day = 1; day <= 5; day++) {
      await insertUserRow(db, { id: `u${day}`, name: day === 3 ? "" : `user${day}`, createdAt: new Date(`2030-01-0${day}T10:00:00Z`) });
    }
    const first = await listUsers(db, { page: 1, pageSize: 2 });
    expect(first.total).toBe(5);
    expect(first.users.map((row) => row.id)).toEqual(["u5", "u4"]);
    expect(first.users[0]).toMatchObject({ email: "u5@example.test", name: "user5", role: null });
    expect((await listUsers(db, { page: 3, pageSize: 2 })).users.map((row) => row.id)).toEqual(["u1"]);
  });

  it("grants and removes the admin role, but never the actor's own", async () => {
    const db = handle().db;
    await insertUserRow(db, { id: "admin", role: "admin" });
    await insertUserRow(db, { id: "other", role: "user" });
    const roleOf = async (id: string) => (await db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role;

    expect(await setAdminRole(db, "other", true, { id: "admin" })).toEqual({ ok: true, changed: true });
    expect(await roleOf("other")).toBe("admin");
    expect(await setAdminRole(db, "other", true, { id: "admin" })).toEqual({ ok: true, changed: false });
    expect(await setAdminRole(db, "other", false, { id: "admin" })).toEqual({ ok: true, changed: true });
    expect(await roleOf("other")).toBe("user");

    expect(await setAdminRole(db, "admin", false, { id: "admin" })).toEqual({ ok: false, reason: "own-account" });
    expect(await roleOf("admin")).toBe("admin");
    expect(await setAdminRole(db, "missing", true, { id: "admin" })).toEqual({ ok: false, reason: "not-found" });
  });
});
