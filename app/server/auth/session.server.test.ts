import { expect, it } from "vitest";
import { createSignedInUser, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { getOptionalUser, requireAdmin, requireUser } from "./session.server";

async function thrownBy(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    return thrown as { status?: number; headers?: Headers; init?: ResponseInit; data?: unknown };
  }
  throw new Error("expected a throw");
}

/** Stands in for any admin action: it must check the role itself before doing anything. */
async function adminAction(request: Request, effects: string[]) {
  await requireAdmin(request, { as: "api" });
  effects.push("changed");
  return { ok: true };
}

describeEachEngine("session and roles", ({ handle }) => {
  it("finds the signed-in user from the session cookie, and nobody without one", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(handle().db, { email: "anna@example.se" });
    expect(await getOptionalUser(siteRequest("/", { cookie: anna.cookie }))).toMatchObject({ id: anna.id, email: "anna@example.se", isAdmin: false });
    expect(await getOptionalUser(siteRequest("/"))).toBeNull();
    // A tampered cookie is no session.
    expect(await getOptionalUser(siteRequest("/", { cookie: anna.cookie.replace(/.$/, "x") }))).toBeNull();
  });

  it("admin actions: visitor 401, user 403, admin OK — and nothing changes for the first two", async () => {
    await useAppAuthForTests(handle());
    const plain = await createSignedInUser(handle().db, { email: "plain@example.se" });
    const admin = await createSignedInUser(handle().db, { email: "admin@example.se", role: "admin" });
    const effects: string[] = [];

    expect(await thrownBy(adminAction(siteRequest("/admin", { method: "POST" }), effects))).toMatchObject({ init: { status: 401 } });
    expect(await thrownBy(adminAction(siteRequest("/admin", { method: "POST", cookie: plain.cookie }), effects))).toMatchObject({
      init: { status: 403 },
    });
    expect(effects).toEqual([]);
    expect(await adminAction(siteRequest("/admin", { method: "POST", cookie: admin.cookie }), effects)).toEqual({ ok: true });
    expect(effects).toEqual(["changed"]);
  });

  it("admin pages send others to /, account pages send visitors to /auth and back", async () => {
    await useAppAuthForTests(handle());
    const plain = await createSignedInUser(handle().db);
    const toHome = (await thrownBy(requireAdmin(siteRequest("/admin", { cookie: plain.cookie })))) as Response;
    expect(toHome.status).toBe(302);
    expect(toHome.headers.get("location")).toBe("/");
    const toAuth = (await thrownBy(requireUser(siteRequest("/account?tab=bookmarks")))) as Response;
    expect(toAuth.headers.get("location")).toBe("/auth?redirectTo=%2Faccount%3Ftab%3Dbookmarks");
    expect(await thrownBy(requireUser(siteRequest("/api/x", { method: "POST" }), { as: "api" }))).toMatchObject({ init: { status: 401 } });
  });
});
