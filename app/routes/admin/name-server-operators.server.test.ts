import { expect, it } from "vitest";
import { expectAdminsOnly, loadAs, postAs, setUpBackoffice } from "~tests/support/backoffice-routes";
import { describeEachEngine } from "~tests/setup/test-db";
import { action, loader } from "./name-server-operators";

const PATH = "/admin/imports/name-servers";

describeEachEngine(PATH, ({ handle }) => {
  const rowOf = async (pattern: string) =>
    (
      await handle().query<{ id: number; operator: string; kind: string }>(
        "select id, operator, kind from name_server_operators where pattern = $1",
        [pattern],
      )
    )[0];

  it("is for admins only: visitors and users are sent home, and their posts change nothing", async () => {
    const { user, admin } = await setUpBackoffice(handle());
    const { id } = await rowOf("loopia.se");
    await expectAdminsOnly(handle(), { loader, action, path: PATH }, { userCookie: user.cookie, adminCookie: admin.cookie }, [
      { intent: "add-operator", pattern: "ns.example.se", operator: "Example", kind: "other" },
      { intent: "update-operator", operatorId: String(id), pattern: "loopia.se", operator: "Hijacked", kind: "parking" },
      { intent: "delete-operator", operatorId: String(id) },
    ]);
  });

  it("lists the seeded operators to an admin", async () => {
    const { admin } = await setUpBackoffice(handle());
    const page = await loadAs(loader, PATH, admin.cookie);
    expect(page.status).toBe(200);
    const operators = (page.body as { operators: { pattern: string; operator: string }[] }).operators;
    expect(operators).toEqual(expect.arrayContaining([expect.objectContaining({ pattern: "loopia.se", operator: "Loopia" })]));
  });

  it("admins add, edit and delete operators; invalid and duplicate forms are refused with the reason and change nothing", async () => {
    const { admin } = await setUpBackoffice(handle());
    const post = (form: Record<string, string>) => postAs(action, PATH, admin.cookie, form);

    expect(
      await post({ intent: "add-operator", pattern: "*.NS.Example.SE.", operator: " Exempel  AB ", kind: "registrar_host" }),
    ).toMatchObject({
      ok: true,
      status: 200,
      description: "ns.example.se → Exempel AB",
    });
    expect(await rowOf("ns.example.se")).toMatchObject({ operator: "Exempel AB", kind: "registrar_host" });

    const count = async () => (await handle().query<{ n: number }>("select count(*)::int as n from name_server_operators"))[0].n;
    const before = await count();
    expect(await post({ intent: "add-operator", pattern: "loopia.se", operator: "Other", kind: "other" })).toMatchObject({
      ok: false,
      status: 409,
      fieldErrors: { pattern: "loopia.se already has an operator. Edit that row instead." },
    });
    expect(await post({ intent: "add-operator", pattern: "se", operator: "", kind: "nope" })).toMatchObject({
      ok: false,
      status: 400,
      title: "Validation Error",
      fieldErrors: {
        pattern: expect.stringContaining("host suffix"),
        operator: "Operator name is required",
        kind: expect.stringContaining("Choose a kind"),
      },
    });
    expect(await count()).toBe(before);

    const { id } = await rowOf("ns.example.se");
    // Renaming the pattern onto another row's is refused; the row stays as it was.
    expect(
      await post({ intent: "update-operator", operatorId: String(id), pattern: "loopia.se", operator: "X", kind: "other" }),
    ).toMatchObject({
      ok: false,
      status: 409,
      fieldErrors: { pattern: expect.stringContaining("already has an operator") },
    });
    expect(await rowOf("ns.example.se")).toMatchObject({ id, operator: "Exempel AB", kind: "registrar_host" });
    expect(
      await post({ intent: "update-operator", operatorId: String(id), pattern: "ns.example.se", operator: "Exempel", kind: "parking" }),
    ).toMatchObject({
      ok: true,
    });
    expect(await rowOf("ns.example.se")).toMatchObject({ operator: "Exempel", kind: "parking" });
    expect(
      await post({ intent: "update-operator", operatorId: "999999", pattern: "ns.example.se", operator: "Y", kind: "other" }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await post({ intent: "update-operator", operatorId: "x", pattern: "ns.example.se", operator: "Y", kind: "other" }),
    ).toMatchObject({ status: 404 });

    expect(await post({ intent: "delete-operator", operatorId: String(id) })).toMatchObject({ ok: true });
    expect(await rowOf("ns.example.se")).toBeUndefined();
    expect(await post({ intent: "delete-operator", operatorId: String(id) })).toMatchObject({ ok: false, status: 404 });
    // Another tab's intent is unknown here.
    expect(await post({ intent: "delete-premium", name: "katt.nu" })).toMatchObject({
      ok: false,
      status: 400,
      description: "Unknown action",
    });
  });
});
