import { expect, it } from "vitest";
import { expectAdminsOnly, loadAs, postAs, setUpBackoffice } from "~tests/support/backoffice-routes";
import { describeEachEngine } from "~tests/setup/test-db";
import { action, loader } from "./users";

describeEachEngine("/admin/users", ({ handle }) => {
  it("is for admins only: visitors and users are sent home, and their posts change nothing", async () => {
    const { user, admin } = await setUpBackoffice(handle());
    const forms: Record<string, string>[] = [
      { intent: "set-admin-role", userId: user.id, admin: "true" },
      { intent: "set-suspended", userId: user.id, suspended: "true" },
    ];
    await expectAdminsOnly(handle(), { loader, action, path: "/admin/users" }, { userCookie: user.cookie, adminCookie: admin.cookie }, forms);
  });

  it("lists the accounts, and says which one is the admin's own", async () => {
    const { user, admin } = await setUpBackoffice(handle());
    const page = await loadAs(loader, "/admin/users?page=x", admin.cookie);
    expect(page.body).toMatchObject({ page: 1, pageSize: 50, total: 2, currentUserId: admin.id });
    expect((page.body as { users: { id: string }[] }).users.map((row) => row.id).sort()).toEqual([admin.id, user.id].sort());
  });

  it("grants and removes the admin role and suspends, never the admin's own account", async () => {
    const { user, admin } = await setUpBackoffice(handle());
    const post = (form: Record<string, string>) => postAs(action, "/admin/users", admin.cookie, form);
    expect(await post({ intent: "set-admin-role", userId: user.id, admin: "true" })).toMatchObject({
      ok: true,
      description: "The user is now an administrator",
    });
    expect(await post({ intent: "set-admin-role", userId: admin.id, admin: "false" })).toMatchObject({ ok: false, status: 403 });
    expect(await post({ intent: "set-admin-role", userId: user.id, admin: "maybe" })).toMatchObject({ ok: false, status: 400 });
    expect(await post({ intent: "set-admin-role", userId: "missing", admin: "true" })).toMatchObject({ ok: false, status: 404 });
    expect(await post({ intent: "set-suspended", userId: user.id, suspended: "true" })).toMatchObject({
      ok: true,
      description: "The user is suspended and signed out everywhere",
    });
    expect(await post({ intent: "set-suspended", userId: admin.id, suspended: "true" })).toMatchObject({ ok: false, status: 403 });
    expect(await post({ intent: "set-suspended", userId: user.id, suspended: "maybe" })).toMatchObject({ ok: false, status: 400 });
    expect(await post({ intent: "set-suspended", userId: "missing", suspended: "true" })).toMatchObject({ ok: false, status: 404 });
    expect(await handle().query<{ email: string; role: string; banned: boolean }>(`select email, role, banned from "user" order by email`)).toEqual([
      { email: "admin@example.se", role: "admin", banned: false },
      { email: "user@example.se", role: "admin", banned: true },
    ]);
    expect(await post({ intent: "set-suspended", userId: user.id, suspended: "false" })).toMatchObject({
      ok: true,
      description: "The user is no longer suspended and can sign in again",
    });
    expect(await post({ intent: "delete-premium", name: "katt.nu" })).toMatchObject({ status: 400, description: "Unknown action" });
  });
});
