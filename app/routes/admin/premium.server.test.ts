import { expect, it } from "vitest";
import { databaseFingerprint } from "~tests/security/support/fingerprint";
import { expectAdminsOnly, loadAs, postAs, setUpBackoffice } from "~tests/support/backoffice-routes";
import { describeEachEngine } from "~tests/setup/test-db";
import { action, loader } from "./premium";

describeEachEngine("/admin/premium", ({ handle }) => {
  const FORMS: Record<string, string>[] = [
    { intent: "add-premium", name: "ny", tld: "se", price: "100", description: "" },
    { intent: "update-premium", name: "katt.nu", price: "1", description: "x" },
    { intent: "delete-premium", name: "katt.nu" },
  ];

  it("is for admins only: visitors and users are sent home, and their posts change nothing", async () => {
    const { user, admin } = await setUpBackoffice(handle());
    await expectAdminsOnly(handle(), { loader, action, path: "/admin/premium" }, { userCookie: user.cookie, adminCookie: admin.cookie }, FORMS);
  });

  it("lists the premium names, searched from two characters", async () => {
    const { admin } = await setUpBackoffice(handle());
    const load = async (search: string) => (await loadAs(loader, `/admin/premium${search}`, admin.cookie)).body;
    expect(await load("")).toMatchObject({ total: 1, q: "", searched: null, page: 1, pageSize: 50 });
    expect(await load("?q=%20KATT%00")).toMatchObject({ q: "KATT", total: 1, domains: [{ name: "katt.nu" }] });
    // Premium names only; one character does not filter (the search box says so).
    expect(await load("?q=hund")).toMatchObject({ q: "hund", total: 0, domains: [] });
    expect(await load("?q=k&page=1")).toMatchObject({ q: "k", searched: null, total: 1 });
    expect(await load("?page=-3")).toMatchObject({ page: 1 });
  });

  it("adds, edits and deletes premium names, with the backoffice's messages", async () => {
    const { admin } = await setUpBackoffice(handle());
    const post = (form: Record<string, string>) => postAs(action, "/admin/premium", admin.cookie, form);
    expect(await post({ intent: "add-premium", name: "hund", tld: "", price: "2500" })).toMatchObject({
      ok: true,
      title: "Premium domain added successfully",
      description: "hund.se was listed as Tillgänglig and is now a premium domain.",
      domain: "hund.se",
    });
    expect(await post({ intent: "update-premium", name: "hund.se", price: "3000", description: "" })).toMatchObject({
      ok: true,
      title: "Premium domain updated successfully",
    });
    expect(await post({ intent: "delete-premium", name: "katt.nu" })).toMatchObject({ ok: true, title: "Premium domain deleted successfully" });
    // NUL bytes are dropped from every field.
    expect(await post({ intent: "add-premium", name: "ny\u0000", price: "1\u00000", description: "x\u0000" })).toMatchObject({ ok: true });
    expect(await handle().query("select name, status, price, description from domains where status = 'premium' order by name")).toEqual([
      { name: "hund.se", status: "premium", price: 3000, description: null },
      { name: "ny.se", status: "premium", price: 10, description: "x" },
    ]);
  });

  it("refuses bad input with a clear English error and changes nothing", async () => {
    const { admin } = await setUpBackoffice(handle());
    const before = await databaseFingerprint(handle());
    const post = (form: Record<string, string>) => postAs(action, "/admin/premium", admin.cookie, form);
    expect(await post({ intent: "add-premium", name: "", tld: "se" })).toMatchObject({
      status: 400,
      title: "Validation Error",
      description: "Domain name is required",
    });
    expect(await post({ intent: "add-premium", name: "two words", tld: "se" })).toMatchObject({
      status: 400,
      fieldErrors: { name: expect.stringContaining("no spaces") },
    });
    expect(await post({ intent: "add-premium", name: "example.com" })).toMatchObject({ status: 400, description: "Only .se and .nu domains are supported" });
    expect(await post({ intent: "add-premium", name: "a".repeat(64) })).toMatchObject({ status: 400, title: "Validation Error" });
    expect(await post({ intent: "add-premium", name: "ok", price: "-100" })).toMatchObject({ status: 400, description: "Price cannot be negative" });
    expect(await post({ intent: "add-premium", name: "ok", price: "tio" })).toMatchObject({
      status: 400,
      fieldErrors: { price: expect.stringContaining("whole number") },
    });
    expect(await post({ intent: "add-premium", name: "katt.nu" })).toMatchObject({
      status: 409,
      description: expect.stringContaining("already a premium domain"),
    });
    expect(await post({ intent: "update-premium", name: "katt.nu", price: "-1" })).toMatchObject({ status: 400 });
    expect(await post({ intent: "update-premium", name: "hund.se", price: "1" })).toMatchObject({ status: 404 });
    expect(await post({ intent: "delete-premium", name: "hund.se" })).toMatchObject({ status: 404 });
    expect(await post({ intent: "toggle-featured", name: "katt.nu", featured: "true" })).toMatchObject({ status: 400, description: "Unknown action" });
    expect(await databaseFingerprint(handle())).toBe(before);
  });
});
