import { expect, it } from "vitest";
import { siteRequest } from "~tests/factories/users";
import { callRoute } from "~tests/security/support/call-route";
import { databaseFingerprint } from "~tests/security/support/fingerprint";
import { expectAdminsOnly, loadAs, postAs, setUpBackoffice } from "~tests/support/backoffice-routes";
import { describeEachEngine } from "~tests/setup/test-db";
import { action, loader } from "./domains";

type DomainsPage = Awaited<ReturnType<typeof loader>>;

describeEachEngine("/admin/domains", ({ handle }) => {
  const FORMS: Record<string, string>[] = [
    { intent: "toggle-featured", name: "hund.se", featured: "true" },
    { intent: "update-description", name: "hund.se", description: "Ny text" },
  ];

  it("is for admins only: visitors and users are sent home, and their posts change nothing", async () => {
    const { user, admin } = await setUpBackoffice(handle());
    await expectAdminsOnly(handle(), { loader, action, path: "/admin/domains" }, { userCookie: user.cookie, adminCookie: admin.cookie }, FORMS);
  });

  it("lists every name for an admin, filtered, sorted and paged by its URL", async () => {
    const { admin } = await setUpBackoffice(handle());
    const load = async (search: string) => (await loadAs(loader, `/admin/domains${search}`, admin.cookie)).body as DomainsPage;
    expect(await load("")).toMatchObject({ params: { page: 1, sort: "release_date" }, list: { totalCount: 2 } });
    const filtered = await load("?status=premium&sort=name&dir=desc");
    expect(filtered).toMatchObject({ params: { status: "premium", sort: "name", dir: "desc" }, list: { domains: [{ name: "katt.nu" }] } });
    expect(await filtered.list.totalCount).toBe(1);
    // A NUL byte in the URL never reaches the database as an error; a search text's total streams in after the rows.
    const searched = await load("?q=%00hund");
    expect(searched).toMatchObject({ params: { q: "hund" }, list: { domains: [{ name: "hund.se" }] } });
    expect(await searched.list.totalCount).toBe(1);
  });

  it("highlights a name and edits its description, with the backoffice's messages", async () => {
    const { admin } = await setUpBackoffice(handle());
    const post = (form: Record<string, string>) => postAs(action, "/admin/domains", admin.cookie, form);
    expect(await post(FORMS[0])).toMatchObject({ ok: true, title: "Success", description: "Domain highlight status updated successfully" });
    expect(await post(FORMS[1])).toMatchObject({ ok: true, description: "Domain description updated successfully" });
    // NUL bytes are dropped from the form, in the name as in the text.
    expect(await post({ intent: "update-description", name: "hund.se\u0000", description: "A\u0000B" })).toMatchObject({ ok: true });
    expect(await handle().query("select is_featured, description from domains where name = 'hund.se'")).toEqual([
      { is_featured: true, description: "AB" },
    ]);
  });

  it("refuses bad input with a clear English error and changes nothing", async () => {
    const { admin } = await setUpBackoffice(handle());
    const before = await databaseFingerprint(handle());
    const post = (form: Record<string, string>) => postAs(action, "/admin/domains", admin.cookie, form);
    expect(await post({ intent: "toggle-featured", name: "hund.se", featured: "maybe" })).toMatchObject({ status: 400 });
    expect(await post({ intent: "toggle-featured", name: "okand.se", featured: "true" })).toMatchObject({ status: 404 });
    expect(await post({ intent: "update-description", name: "hund.se", description: "x".repeat(5001) })).toMatchObject({
      status: 400,
      fieldErrors: { description: "Description must be at most 5,000 characters" },
    });
    expect(await post({ intent: "update-description", name: "okand.se", description: "x" })).toMatchObject({ status: 404 });
    // Another tab's intent, or a name every object has, is no action here.
    for (const intent of ["add-premium", "constructor", "__proto__", "toString", ""]) {
      expect(await post({ intent, name: "hund.se" }), intent).toMatchObject({ status: 400, description: "Unknown action" });
    }
    // The tab's forms are small: a body past the site's limit is refused before it is read in full.
    const large = await callRoute(
      action as never,
      siteRequest("/admin/domains", { form: { intent: "update-description", name: "hund.se", description: "x".repeat(100 * 1024) }, cookie: admin.cookie }),
    );
    expect(large).toMatchObject({ status: 413, body: { ok: false, description: "The form is too large" } });
    expect(await databaseFingerprint(handle())).toBe(before);
  });
});
