import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { createDomains } from "~tests/factories/domains";
import { appContextForTests, createSignedInUser, siteRequest, TEST_SITE_URL, useAppAuthForTests, type SignedInUser } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import type { DatabaseHandle } from "~/server/db/client.server";
import { resetEnvForTests } from "~/server/env.server";
import { action, loader } from "./dashboard";
import { loader as importRunLoader } from "./import-run";

type Thrown = { status?: number; headers?: Headers; init?: ResponseInit; data?: unknown };

async function thrownBy(promise: Promise<unknown>): Promise<Thrown> {
  try {
    await promise;
  } catch (thrown) {
    return thrown as Thrown;
  }
  throw new Error("expected a throw");
}

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: appContextForTests() }) as never;
const statusOf = (thrown: Thrown) => thrown.init?.status ?? thrown.status;

/** A fingerprint of everything an admin action could change. */
async function snapshot(handle: DatabaseHandle) {
  const tables = ["domains", "domain_events", "tld_imports", "import_runs", "job_runs", "bookmarks"];
  const parts = await Promise.all(
    tables.map(
      async (table) =>
        (
          await handle.query<{ hash: string }>(
            `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${table} t`,
          )
        )[0].hash,
    ),
  );
  const roles = await handle.query<{ role: string }>(
    `select string_agg(id || ':' || coalesce(role, ''), ',' order by id) as role from "user"`,
  );
  return [...parts, roles[0].role].join(";");
}

const listFile = () => readFileSync(new URL("../../../tests/fixtures/iis-bardate-sample-2021.json", import.meta.url));

function uploadRequest(cookie: string | undefined, file: File, configId: string, origin = TEST_SITE_URL) {
  const body = new FormData();
  body.set("intent", "upload-import");
  body.set("configId", configId);
  body.set("file", file);
  const headers = new Headers({ origin });
  if (cookie) headers.set("cookie", cookie);
  return new Request(new URL("/admin", TEST_SITE_URL), { method: "POST", headers, body });
}

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Posts a backoffice form as the signed-in user of `cookie`; the answer's data with its HTTP status. */
async function postAs(cookie: string, form: Record<string, string>) {
  const result = (await action(args(siteRequest("/admin", { form, cookie })))) as { data: Record<string, unknown>; init: ResponseInit | null };
  return { ...result.data, status: result.init?.status ?? 200 };
}

describeEachEngine("backoffice route", ({ handle }) => {
  async function setUp() {
    await useAppAuthForTests(handle());
    const db = handle().db;
    await createDomains(db, [
      { name: "hund.se", status: "available", isFeatured: false },
      { name: "katt.nu", status: "premium", price: 5000 },
    ]);
    const user = await createSignedInUser(db, { email: "user@example.se" });
    const admin = await createSignedInUser(db, { email: "admin@example.se", role: "admin" });
    const [config] = await handle().query<{ id: number }>("select id from tld_imports order by id limit 1");
    return { user, admin, configId: String(config.id) };
  }

  /** One valid form per action, as the page would send it. */
  function forms(user: SignedInUser, configId: string): Record<string, string>[] {
    return [
      { intent: "toggle-featured", name: "hund.se", featured: "true" },
      { intent: "update-description", name: "hund.se", description: "Ny text" },
      { intent: "add-premium", name: "ny", tld: "se", price: "100", description: "" },
      { intent: "update-premium", name: "katt.nu", price: "1", description: "x" },
      { intent: "delete-premium", name: "katt.nu" },
      { intent: "set-admin-role", userId: user.id, admin: "true" },
      { intent: "set-suspended", userId: user.id, suspended: "true" },
      { intent: "add-import-config", tld: "nu", url: "https://example.se/list.json" },
      { intent: "update-import-config", configId, url: "https://example.se/list.json", enabled: "true" },
      { intent: "delete-import-config", configId },
      { intent: "run-import", configId },
      { intent: "apply-import-as-complete", runId: "1" },
      { intent: "run-job", job: "release-update" },
    ];
  }

  it("the page sends visitors and users to / and shows each tab to admins", async () => {
    const { user, admin } = await setUp();
    for (const cookie of [undefined, user.cookie]) {
      const thrown = (await thrownBy(loader(args(siteRequest("/admin", { cookie }))))) as Response;
      expect(thrown.status).toBe(302);
      expect(thrown.headers.get("location")).toBe("/");
    }
    const load = (search: string) => loader(args(siteRequest(`/backoffice${search}`, { cookie: admin.cookie })));
    expect(await load("")).toMatchObject({ tab: "domains", domains: { list: { totalCount: 2 } } });
    expect(await load("?tab=premium")).toMatchObject({ tab: "premium", premium: { total: 1, q: "" } });
    expect(await load("?tab=premium&q=%20KATT%00")).toMatchObject({ premium: { q: "KATT", total: 1, domains: [{ name: "katt.nu" }] } });
    // Premium names only; one character does not filter (the search box says so).
    expect(await load("?tab=premium&q=hund")).toMatchObject({ premium: { q: "hund", total: 0, domains: [] } });
    expect(await load("?tab=premium&q=k&page=1")).toMatchObject({ premium: { q: "k", total: 1 } });
    expect(await load("?tab=users")).toMatchObject({ tab: "users", users: { total: 2, currentUserId: admin.id } });
    expect(await load("?tab=imports")).toMatchObject({ tab: "imports", imports: { runs: [] } });
    const maintenance = await load("?tab=maintenance");
    expect(maintenance.tab === "maintenance" && maintenance.maintenance.map((job) => job.job)).toEqual([
      "release-update",
      "tld-imports",
      "availability-check",
    ]);
  });

  it("every action: 401 for visitors, 403 for users and for admins posting from another site — nothing changes", async () => {
    const { user, admin, configId } = await setUp();
    const before = await snapshot(handle());
    for (const form of forms(user, configId)) {
      const visitor = await thrownBy(action(args(siteRequest("/admin", { form }))));
      const plain = await thrownBy(action(args(siteRequest("/admin", { form, cookie: user.cookie }))));
      const forged = await thrownBy(
        action(args(siteRequest("/admin", { form, cookie: admin.cookie, headers: { origin: "https://evil.example" } }))),
      );
      expect([form.intent, statusOf(visitor), statusOf(plain), statusOf(forged)]).toEqual([form.intent, 401, 403, 403]);
    }
    const file = new File([listFile()], "list.json", { type: "application/json" });
    expect(statusOf(await thrownBy(action(args(uploadRequest(undefined, file, configId)))))).toBe(401);
    expect(statusOf(await thrownBy(action(args(uploadRequest(user.cookie, file, configId)))))).toBe(403);
    expect(statusOf(await thrownBy(action(args(uploadRequest(admin.cookie, file, configId, "https://evil.example")))))).toBe(403);
    expect(await snapshot(handle())).toBe(before);
  });

  it("the import-run poll answers admins only", async () => {
    const { user, admin } = await setUp();
    expect(statusOf(await thrownBy(importRunLoader(args(siteRequest("/api/admin/import-runs/1"), { runId: "1" }))))).toBe(401);
    expect(
      statusOf(await thrownBy(importRunLoader(args(siteRequest("/api/admin/import-runs/1", { cookie: user.cookie }), { runId: "1" })))),
    ).toBe(403);
    expect(
      statusOf(await thrownBy(importRunLoader(args(siteRequest("/api/admin/import-runs/1", { cookie: admin.cookie }), { runId: "1" })))),
    ).toBe(404);
    expect(
      statusOf(await thrownBy(importRunLoader(args(siteRequest("/api/admin/import-runs/x", { cookie: admin.cookie }), { runId: "x" })))),
    ).toBe(404);
  });

  it("admins change domains, premium names and roles, with the backoffice's messages", async () => {
    const { user, admin } = await setUp();
    const post = (form: Record<string, string>) => postAs(admin.cookie, form);
    const [featured] = forms(user, "0");
    expect(await post(featured)).toMatchObject({ ok: true, title: "Success", description: "Domain highlight status updated successfully" });
    expect(await post({ intent: "update-description", name: "hund.se", description: "Ny text" })).toMatchObject({
      ok: true,
      description: "Domain description updated successfully",
    });
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
    expect(await post({ intent: "delete-premium", name: "katt.nu" })).toMatchObject({
      ok: true,
      title: "Premium domain deleted successfully",
    });
    expect(await post({ intent: "set-admin-role", userId: user.id, admin: "true" })).toMatchObject({ ok: true });
    expect(await post({ intent: "set-admin-role", userId: admin.id, admin: "false" })).toMatchObject({ ok: false, status: 403 });
    expect(await post({ intent: "set-suspended", userId: user.id, suspended: "true" })).toMatchObject({
      ok: true,
      description: "The user is suspended and signed out everywhere",
    });
    expect(await post({ intent: "set-suspended", userId: admin.id, suspended: "true" })).toMatchObject({ ok: false, status: 403 });
    expect(await post({ intent: "set-suspended", userId: user.id, suspended: "maybe" })).toMatchObject({ ok: false, status: 400 });
    expect(await post({ intent: "set-suspended", userId: "missing", suspended: "true" })).toMatchObject({ ok: false, status: 404 });
    expect(await post({ intent: "set-suspended", userId: user.id, suspended: "false" })).toMatchObject({ ok: true });
    const rows = await handle().query<{
      name: string;
      status: string;
      price: number | null;
      is_featured: boolean;
      description: string | null;
    }>("select name, status, price, is_featured, description from domains order by name");
    expect(rows).toEqual([{ name: "hund.se", status: "premium", price: 3000, is_featured: true, description: null }]);
    const roles = await handle().query<{ email: string; role: string }>(`select email, role from "user" order by email`);
    expect(roles).toEqual([
      { email: "admin@example.se", role: "admin" },
      { email: "user@example.se", role: "admin" },
    ]);
  });

  it("admins edit and delete import configurations; a second configuration of a TLD is refused with the reason", async () => {
    const { admin, configId } = await setUp();
    const post = (form: Record<string, string>) => postAs(admin.cookie, form);
    const [config] = await handle().query<{ tld: string }>("select tld from tld_imports where id = $1", [configId]);
    expect(await post({ intent: "add-import-config", tld: config.tld, url: "https://example.se/del.json" })).toMatchObject({
      ok: false,
      status: 409,
      description: `Failed to add TLD import configuration: ${config.tld} already has an import configuration. Edit that one instead: each TLD has one list, imported as its complete list.`,
      fieldErrors: { tld: expect.stringContaining("already has an import configuration") },
    });
    expect(await post({ intent: "update-import-config", configId, url: "https://example.se/ny.json" })).toMatchObject({
      ok: true,
      description: "TLD import configuration updated successfully",
    });
    expect(await post({ intent: "update-import-config", configId, url: "ftp://x", enabled: "true" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { url: "Data URL must be an http or https URL" },
    });
    expect(await handle().query("select url, enabled from tld_imports where id = $1", [configId])).toEqual([
      { url: "https://example.se/ny.json", enabled: false },
    ]);
    expect(await post({ intent: "delete-import-config", configId })).toMatchObject({
      ok: true,
      description: `The ${config.tld} import configuration was deleted`,
    });
    expect(await post({ intent: "delete-import-config", configId })).toMatchObject({ ok: false, status: 404 });
    const changes = await handle().query<{ action: string; changed_by: string }>(
      "select action, changed_by from tld_import_changes order by id",
    );
    expect(changes).toEqual([
      { action: "updated", changed_by: "admin@example.se" },
      { action: "deleted", changed_by: "admin@example.se" },
    ]);
  });

  it("bad input gets a clear English error and changes nothing", async () => {
    const { admin, configId } = await setUp();
    const before = await snapshot(handle());
    const post = (form: Record<string, string>) => postAs(admin.cookie, form);
    expect(await post({ intent: "add-premium", name: "", tld: "se" })).toMatchObject({
      status: 400,
      title: "Validation Error",
      description: "Domain name is required",
    });
    expect(await post({ intent: "add-premium", name: "two words", tld: "se" })).toMatchObject({
      status: 400,
      fieldErrors: { name: expect.stringContaining("no spaces") },
    });
    expect(await post({ intent: "add-premium", name: "example.com" })).toMatchObject({
      status: 400,
      description: "Only .se and .nu domains are supported",
    });
    expect(await post({ intent: "add-premium", name: "a".repeat(64) })).toMatchObject({ status: 400, title: "Validation Error" });
    expect(await post({ intent: "add-premium", name: "ok", price: "-100" })).toMatchObject({
      status: 400,
      description: "Price cannot be negative",
    });
    expect(await post({ intent: "add-premium", name: "ok", price: "tio" })).toMatchObject({
      status: 400,
      fieldErrors: { price: expect.stringContaining("whole number") },
    });
    expect(await post({ intent: "add-premium", name: "katt.nu" })).toMatchObject({
      status: 409,
      description: expect.stringContaining("already a premium domain"),
    });
    expect(await post({ intent: "update-premium", name: "katt.nu", price: "-1" })).toMatchObject({ status: 400 });
    expect(await post({ intent: "update-description", name: "hund.se", description: "x".repeat(100 * 1024) })).toMatchObject({
      status: 400,
      fieldErrors: { description: "Description must be at most 5,000 characters" },
    });
    expect(await post({ intent: "update-description", name: "okand.se", description: "x" })).toMatchObject({ status: 404 });
    expect(await post({ intent: "toggle-featured", name: "hund.se", featured: "maybe" })).toMatchObject({ status: 400 });
    expect(await post({ intent: "add-import-config", tld: "com", url: "ftp://x" })).toMatchObject({ status: 400, title: "Error" });
    expect(await post({ intent: "run-import", configId: "999999" })).toMatchObject({ status: 404 });
    expect(await post({ intent: "apply-import-as-complete", runId: "999999" })).toMatchObject({
      status: 409,
      description: "No such import run",
    });
    expect(await post({ intent: "run-job", job: "drop-tables" })).toMatchObject({ status: 400 });
    expect(await post({ intent: "nonsense" })).toMatchObject({ status: 400, description: "Unknown action" });
    const upload = (file: File) =>
      action(args(uploadRequest(admin.cookie, file, configId))) as Promise<{ data: Record<string, unknown>; init: ResponseInit | null }>;
    expect((await upload(new File(["<html>"], "list.html", { type: "text/html" }))).data).toMatchObject({
      ok: false,
      title: "Invalid File Type",
      description: "Please upload a JSON file",
    });
    expect(await snapshot(handle())).toBe(before);
  });

  it("an endless upload without a Content-Length is refused once it passes the limit, not held in memory", async () => {
    const { admin } = await setUp();
    process.env.IMPORT_MAX_BYTES = String(256 * 1024);
    resetEnvForTests();
    try {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      });
      const headers = new Headers({ origin: TEST_SITE_URL, cookie: admin.cookie, "content-type": "multipart/form-data; boundary=x" });
      const request = new Request(new URL("/admin", TEST_SITE_URL), { method: "POST", headers, body, duplex: "half" } as RequestInit);
      const result = (await action(args(request))) as { data: Record<string, unknown>; init: ResponseInit | null };
      expect(result.init?.status).toBe(413);
      expect(result.data).toMatchObject({ ok: false, title: "Manual Import Failed", description: "The list is larger than the import limit of 256 KB (IMPORT_MAX_BYTES)." });
      expect(sent).toBeLessThan(1024 * 1024);
    } finally {
      delete process.env.IMPORT_MAX_BYTES;
      resetEnvForTests();
    }
  });

  it("NUL bytes in the URL or a form never reach the database as an error", async () => {
    const { admin } = await setUp();
    const page = await loader(args(siteRequest("/admin?q=%00hund", { cookie: admin.cookie })));
    expect(page).toMatchObject({ tab: "domains", domains: { params: { q: "hund" } } });
    // A search text's total may still be on its way (it streams in after the rows).
    expect(page.tab === "domains" && (await page.domains.list.totalCount)).toBe(1);
    const form = { intent: "update-description", name: "hund.se\u0000", description: "A\u0000B" };
    const result = (await action(args(siteRequest("/admin", { form, cookie: admin.cookie })))) as { data: { ok: boolean } };
    expect(result.data.ok).toBe(true);
    expect(await handle().query("select description from domains where name = 'hund.se'")).toEqual([{ description: "AB" }]);
    const premium = { intent: "add-premium", name: "ny\u0000", price: "1\u00000", description: "x\u0000" };
    expect(
      ((await action(args(siteRequest("/admin", { form: premium, cookie: admin.cookie })))) as { data: { ok: boolean } }).data.ok,
    ).toBe(true);
  });

  it("an uploaded list is imported while the run's progress can be read, ending with its summary", async () => {
    const { admin, configId } = await setUp();
    const file = new File([listFile()], "iis-bardate-sample-2021.json", { type: "application/json" });
    const started = (await action(args(uploadRequest(admin.cookie, file, configId)))) as { data: { ok: boolean; importRunId: number } };
    expect(started.data).toMatchObject({ ok: true, quiet: true });
    const runId = String(started.data.importRunId);
    const poll = () =>
      importRunLoader(args(siteRequest(`/api/admin/import-runs/${runId}`, { cookie: admin.cookie }), { runId })) as Promise<{
        data: { run: { state: string; percent: number; total: number; failed: number } };
      }>;
    const finished = await waitFor(async () => {
      const { run } = (await poll()).data;
      return run.state === "running" ? undefined : run;
    });
    expect(finished).toMatchObject({ state: "succeeded", percent: 100 });
    expect(finished.total).toBeGreaterThan(0);
  });

  it("a maintenance job started here is recorded with its result", async () => {
    const { admin } = await setUp();
    const result = (await action(
      args(siteRequest("/admin", { form: { intent: "run-job", job: "release-update" }, cookie: admin.cookie })),
    )) as {
      data: { ok: boolean; job: { name: string } };
    };
    expect(result.data).toMatchObject({ ok: true, quiet: true, job: { name: "release-update" } });
    const run = await waitFor(async () => {
      const [row] = await handle().query<{ state: string; result: unknown }>(
        "select state, result from job_runs where job = 'release-update'",
      );
      return row && row.state !== "running" ? row : undefined;
    });
    expect(run).toMatchObject({ state: "succeeded", result: { updatedCount: 0 } });
  });
});
