import { readFileSync } from "node:fs";
import { expect, it, vi } from "vitest";
import { resetEnvForTests } from "~/server/env.server";
import { createImportRun } from "~/server/imports/release-list/runs/import-run-record.server";
import { createSignedInUser, siteRequest, TEST_SITE_URL } from "~tests/factories/users";
import { callRoute } from "~tests/security/support/call-route";
import { databaseFingerprint } from "~tests/security/support/fingerprint";
import { expectAdminsOnly, loadAs, postAs, setUpBackoffice, uploadRequest } from "~tests/support/backoffice-routes";
import { describeEachEngine } from "~tests/setup/test-db";
import { action, loader } from "./imports";
import { loader as importRunLoader } from "./import-run";
import { loader as rejectionsLoader } from "./import-run-rejections";

const listFile = () => readFileSync(new URL("../../../tests/fixtures/iis-bardate-sample-2021.json", import.meta.url));

describeEachEngine("/admin/imports", ({ handle }) => {
  const upload = (cookie: string | undefined, file: File, configId: string, origin?: string, fields?: Record<string, string>) =>
    callRoute(action as never, uploadRequest(cookie, file, configId, origin, fields));

  it("is for admins only: visitors and users are sent home, and their posts (an upload too) change nothing", async () => {
    const { user, admin, configId } = await setUpBackoffice(handle());
    const forms: Record<string, string>[] = [
      { intent: "add-import-config", tld: "nu", url: "https://example.se/list.json" },
      { intent: "update-import-config", configId, url: "https://example.se/list.json", enabled: "true" },
      { intent: "delete-import-config", configId },
      { intent: "run-import", configId },
      { intent: "apply-import-as-complete", runId: "1" },
      { intent: "apply-import-anyway", runId: "1" },
    ];
    await expectAdminsOnly(
      handle(),
      { loader, action, path: "/admin/imports" },
      { userCookie: user.cookie, adminCookie: admin.cookie },
      forms,
    );
    const before = await databaseFingerprint(handle());
    const file = new File([listFile()], "list.json", { type: "application/json" });
    expect((await upload(undefined, file, configId)).status).toBe(401);
    expect((await upload(user.cookie, file, configId)).status).toBe(403);
    expect((await upload(admin.cookie, file, configId, "https://evil.example")).status).toBe(403);
    expect(await databaseFingerprint(handle())).toBe(before);
  });

  it("the import-run poll answers admins only", async () => {
    const { user, admin } = await setUpBackoffice(handle());
    const poll = (runId: string, cookie?: string) => loadAs(importRunLoader, `/api/admin/import-runs/${runId}`, cookie, { runId });
    expect((await poll("1")).status).toBe(401);
    expect((await poll("1", user.cookie)).status).toBe(403);
    expect((await poll("1", admin.cookie)).status).toBe(404);
    expect((await poll("x", admin.cookie)).status).toBe(404);
  });

  it("shows the configurations, with no runs or changes yet", async () => {
    const { admin, configId } = await setUpBackoffice(handle());
    const page = await loadAs(loader, "/admin/imports", admin.cookie);
    expect(page.body).toMatchObject({ runs: [], changes: [] });
    expect((page.body as { configs: { id: number }[] }).configs.map((config) => String(config.id))).toContain(configId);
  });

  it("admins edit and delete import configurations; a second configuration of a TLD is refused with the reason", async () => {
    const { admin, configId } = await setUpBackoffice(handle());
    const post = (form: Record<string, string>) => postAs(action, "/admin/imports", admin.cookie, form);
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

  it("refuses bad input with a clear English error and changes nothing", async () => {
    const { admin, configId } = await setUpBackoffice(handle());
    const before = await databaseFingerprint(handle());
    const post = (form: Record<string, string>) => postAs(action, "/admin/imports", admin.cookie, form);
    expect(await post({ intent: "add-import-config", tld: "com", url: "ftp://x" })).toMatchObject({ status: 400, title: "Error" });
    expect(await post({ intent: "run-import", configId: "999999" })).toMatchObject({ status: 404, title: "Import Failed" });
    expect(await post({ intent: "apply-import-as-complete", runId: "999999" })).toMatchObject({ status: 404, description: "No such import run" });
    expect(await post({ intent: "run-job", job: "release-update" })).toMatchObject({ status: 400, description: "Unknown action" });
    const html = await upload(admin.cookie, new File(["<html>"], "list.html", { type: "text/html" }), configId);
    expect(html).toMatchObject({ status: 400, body: { ok: false, title: "Invalid File Type", description: "Please upload a JSON file" } });
    const empty = await upload(admin.cookie, new File([], "list.json", { type: "application/json" }), configId);
    expect(empty).toMatchObject({ status: 400, body: { description: "Choose a file to upload" } });
    const unknown = await upload(admin.cookie, new File([listFile()], "list.json", { type: "application/json" }), "999999");
    expect(unknown).toMatchObject({ status: 404, body: { description: "The import configuration no longer exists" } });
    expect(await databaseFingerprint(handle())).toBe(before);
  });

  it("an endless upload without a Content-Length is refused once it passes the limit, not held in memory", async () => {
    const { admin } = await setUpBackoffice(handle());
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
      const request = new Request(new URL("/admin/imports", TEST_SITE_URL), {
        method: "POST",
        headers,
        body,
        duplex: "half",
      } as RequestInit);
      const result = await callRoute(action as never, request);
      expect(result.status).toBe(413);
      expect(result.body).toMatchObject({
        ok: false,
        title: "Manual Import Failed",
        description: "The list is larger than the import limit of 256 KB (IMPORT_MAX_BYTES).",
      });
      expect(sent).toBeLessThan(1024 * 1024);
    } finally {
      delete process.env.IMPORT_MAX_BYTES;
      resetEnvForTests();
    }
  });

  it("an uploaded list is imported while the run's progress can be read, ending with its summary", async () => {
    const { admin } = await setUpBackoffice(handle());
    // The registry's sample as the .nu list: its 61 .se names are rejected, its 95 .nu names imported.
    const [nu] = await handle().query<{ id: number }>("select id from tld_imports where tld = '.nu'");
    const configId = String(nu.id);
    const file = new File([listFile()], "iis-bardate-sample-2021.json", { type: "application/json" });
    // The sample is past-dated (2021): applied anyway, as "Apply anyway" does, so that its entries are written.
    const started = await upload(admin.cookie, file, configId, undefined, { applyPastDated: "true" });
    expect(started.body).toMatchObject({ ok: true, quiet: true });
    const runId = String((started.body as { importRunId: number }).importRunId);
    const finished = await vi.waitFor(
      async () => {
        const poll = await callRoute(importRunLoader as never, siteRequest(`/api/admin/import-runs/${runId}`, { cookie: admin.cookie }), {
          runId,
        });
        const { run } = poll.body as { run: { state: string; percent: number; total: number } };
        if (run.state === "running") throw new Error("the import is still running");
        return run;
      },
      { timeout: 20_000, interval: 100 },
    );
    // Not "succeeded": 61 of its 156 entries were rejected, and the run says so with the true counts.
    expect(finished).toMatchObject({ state: "partly_failed", percent: 100, total: 156, processed: 95, failed: 61 });
    expect((finished as unknown as { errors: string[] }).errors).toHaveLength(20);
    // The tab lists the run it started, with the same outcome.
    expect((await loadAs(loader, "/admin/imports", admin.cookie)).body).toMatchObject({
      runs: [{ id: Number(runId), state: "partly_failed", failed: 61 }],
    });

    // Every rejected entry can be downloaded with its reason, by administrators only.
    const download = (cookie?: string, id = runId) =>
      callRoute(rejectionsLoader as never, siteRequest(`/api/admin/import-runs/${id}/rejected.csv`, { cookie }), { runId: id }, { readBody: true });
    const csv = await download(admin.cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = String(csv.body).trimEnd().split("\r\n");
    expect(lines[0]).toBe("position,entry,reason");
    expect(lines).toHaveLength(62);
    expect(lines.slice(1).every((line) => /^\d+,.*is a \.se name; this list is for \.nu$/.test(line))).toBe(true);
    const user = await createSignedInUser(handle().db, { email: "other@example.se" });
    expect((await download()).status).toBe(401);
    expect((await download(user.cookie)).status).toBe(403);
    expect((await download(admin.cookie, "99999999999999999999")).status).toBe(404);
    expect((await download(admin.cookie, "999999")).status).toBe(404);
  });

  it("keeps a paged import history: ten runs a page, the run under way beside it on every page", async () => {
    const { admin } = await setUpBackoffice(handle());
    for (let index = 0; index < 23; index++) {
      await createImportRun(handle(), { source: `list ${index + 1}`, trigger: "cli", tld: ".se" }, new Date(Date.UTC(2030, 0, 1, index)));
    }
    await handle().query("update import_runs set state = 'succeeded', finished_at = started_at where source <> 'list 23'");
    const page = async (query: string) =>
      (await loadAs(loader, `/admin/imports${query}`, admin.cookie)).body as {
        runs: { source: string }[];
        running: { source: string } | null;
        history: { page: number; totalPages: number; runCount: number };
      };
    const first = await page("");
    expect(first.history).toEqual({ page: 1, totalPages: 3, runCount: 23 });
    expect(first.runs.map((run) => run.source)).toEqual(Array.from({ length: 10 }, (_, index) => `list ${23 - index}`));
    const last = await page("?page=3");
    expect(last.runs.map((run) => run.source)).toEqual(["list 3", "list 2", "list 1"]);
    expect(last.running?.source).toBe("list 23");
    // A page past the end reads the last; a page that is not a number reads the first.
    expect((await page("?page=99999999999999999999")).history.page).toBe(1);
    expect((await page("?page=7")).history.page).toBe(3);
  });

  it("holds the registry's past-dated sample; 'Apply anyway' uploads it again and imports it", async () => {
    const { admin, configId } = await setUpBackoffice(handle());
    const file = () => new File([listFile()], "iis-bardate-sample-2021.json", { type: "application/json" });
    const finishedRun = async (started: { body: unknown }) => {
      const runId = String((started.body as { importRunId: number }).importRunId);
      return vi.waitFor(
        async () => {
          const poll = await callRoute(importRunLoader as never, siteRequest(`/api/admin/import-runs/${runId}`, { cookie: admin.cookie }), {
            runId,
          });
          const { run } = poll.body as { run: Record<string, unknown> & { id: number; state: string } };
          if (run.state === "running") throw new Error("the import is still running");
          return run;
        },
        { timeout: 20_000, interval: 100 },
      );
    };
    const held = await finishedRun(await upload(admin.cookie, file(), configId));
    expect(held).toMatchObject({ state: "succeeded", pastDatedList: "held", processed: 0, applicableAnyway: true });
    expect(held.warning).toMatch(/^Held: /);
    const sampleNames = () => handle().query("select name from domains where release_date < '2022-01-01'");
    expect(await sampleNames()).toEqual([]);
    // An upload's bytes are not kept: "Apply anyway" chooses the file again, it is not fetched.
    const post = (form: Record<string, string>) => postAs(action, "/admin/imports", admin.cookie, form);
    expect(await post({ intent: "apply-import-anyway", runId: String(held.id) })).toMatchObject({ status: 409, title: "Import Failed" });
    expect(await post({ intent: "apply-import-anyway", runId: "999999" })).toMatchObject({
      status: 404,
      description: "No such import run",
    });

    const applied = await finishedRun(await upload(admin.cookie, file(), configId, undefined, { applyPastDated: "true" }));
    // The sample on the .se list: its 95 .nu names are rejected, so the run applied anyway partly failed.
    expect(applied).toMatchObject({ state: "partly_failed", pastDatedList: "applied", applicableAnyway: false });
    expect(applied.inserted).toBeGreaterThan(0);
    expect((await sampleNames()).length).toBe(applied.inserted);
  });
});
