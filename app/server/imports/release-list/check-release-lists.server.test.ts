import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, beforeEach, expect, it } from "vitest";
import { jsonList } from "~tests/factories/imports";
import { describeEachEngine } from "~tests/setup/test-db";
import { startHttpFixtureServer } from "~support/http-fixture-server";
import { resetEnvForTests } from "~/server/env.server";
import { releaseListCheckJob } from "~/server/jobs/release-list-check.job.server";
import { tldImportsJob } from "~/server/jobs/tld-imports.job.server";
import type { ReleaseListChecksResult } from "./check-release-lists.server";
import { updateTldImport } from "./configs/tld-import-configs.server";

const ADMIN = { id: "admin-1", email: "admin@example.se" };

const HOUR = 60 * 60 * 1000;
const NOW = new Date("2030-02-01T07:00:00Z");
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

/** The .se list as the registry serves it at a moment: its content and when it was regenerated. */
type Served = { names: string[]; version: number };

/**
 * Three servers of the same list: one with an ETag, one with Last-Modified
 * (both answer a matching conditional request with 304) and one with
 * neither, always sending the whole list.
 */
const VARIANTS = {
  etag: (served: Served, request: IncomingMessage, response: ServerResponse) => {
    const etag = `"v${served.version}"`;
    if (request.headers["if-none-match"] === etag) return void response.writeHead(304).end();
    response.writeHead(200, { "content-type": "application/json", etag }).end(body(served));
  },
  "last-modified": (served: Served, request: IncomingMessage, response: ServerResponse) => {
    const modified = new Date(Date.UTC(2030, 0, served.version)).toUTCString();
    if (request.headers["if-modified-since"] === modified) return void response.writeHead(304).end();
    response.writeHead(200, { "content-type": "application/json", "last-modified": modified }).end(body(served));
  },
  neither: (served: Served, _request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { "content-type": "application/json" }).end(body(served));
  },
};

const body = (served: Served) => jsonList(served.names.map((name) => ({ name, release_at: "2030-03-01" })));

describeEachEngine("the hourly check of the release lists", ({ handle }) => {
  let server: Awaited<ReturnType<typeof startHttpFixtureServer>>;
  let served: Served;
  let answers: { path: string; status: number }[];

  beforeEach(async () => {
    process.env.FETCH_ALLOW_HOSTS = "127.0.0.1";
    resetEnvForTests();
    served = { names: ["ett.se", "tva.se"], version: 1 };
    answers = [];
    const route = (variant: keyof typeof VARIANTS) => (request: IncomingMessage, response: ServerResponse) => {
      response.on("finish", () => answers.push({ path: request.url ?? "", status: response.statusCode }));
      VARIANTS[variant](served, request, response);
    };
    server = await startHttpFixtureServer({
      "/etag.json": route("etag"),
      "/last-modified.json": route("last-modified"),
      "/neither.json": route("neither"),
      "/broken.json": { status: 503, body: "down" },
    });
    await handle().query("update tld_imports set enabled = false where tld = '.nu'");
  });
  afterEach(async () => {
    delete process.env.FETCH_ALLOW_HOSTS;
    resetEnvForTests();
    await server.close();
  });

  const check = async (now: Date) =>
    (await releaseListCheckJob.handler({ handle: handle(), now, trigger: "schedule" }, {})) as ReleaseListChecksResult;
  const seConfig = async () =>
    (
      await handle().query<{
        last_checked_at: Date | null;
        last_changed_at: Date | null;
        last_import: Date | null;
        last_check_error: string | null;
      }>("select last_checked_at, last_changed_at, last_import, last_check_error from tld_imports where tld = '.se'")
    )[0];
  const runs = () => handle().query<{ id: number }>("select id from import_runs");
  const pointSeAt = (path: string) => handle().query("update tld_imports set url = $1 where tld = '.se'", [server.url(path)]);

  it.each([
    ["an ETag", "/etag.json", [200, 304, 200]],
    ["a Last-Modified date", "/last-modified.json", [200, 304, 200]],
    ["neither (the content's hash decides)", "/neither.json", [200, 200, 200]],
  ])("a list whose server sends %s is imported when it is new or changed, and only checked when not", async (_case, path, statuses) => {
    await pointSeAt(path);

    const first = await check(at(0));
    expect(first).toMatchObject({ checked: 1, imported: 1, unchanged: 0, failed: 0 });
    expect(first.message).toBe("1 lists checked: 1 changed and imported, 0 unchanged, 0 failed");
    expect(await seConfig()).toEqual({ last_checked_at: at(0), last_changed_at: at(0), last_import: at(0), last_check_error: null });

    const second = await check(at(1));
    expect(second).toMatchObject({ imported: 0, unchanged: 1 });
    expect(await runs()).toHaveLength(1);
    expect(await seConfig()).toEqual({ last_checked_at: at(1), last_changed_at: at(0), last_import: at(0), last_check_error: null });

    // The registry regenerates the list: a name is added.
    served = { names: ["ett.se", "tre.se", "tva.se"], version: 2 };
    const third = await check(at(2));
    expect(third).toMatchObject({ imported: 1, unchanged: 0 });
    expect(third.results[0]).toMatchObject({ tld: ".se", result: "imported", summary: { inserted: 1, updated: 2, warning: null } });
    expect(await seConfig()).toEqual({ last_checked_at: at(2), last_changed_at: at(2), last_import: at(2), last_check_error: null });
    expect(await runs()).toHaveLength(2);
    expect(answers.map((answer) => answer.status)).toEqual(statuses);
  });

  it("a server that changes its validators but not the list is compared by content: no import", async () => {
    await pointSeAt("/etag.json");
    await check(at(0));
    served = { ...served, version: 2 };
    expect(await check(at(1))).toMatchObject({ imported: 0, unchanged: 1 });
    // The new ETag is kept: the next request gets a 304.
    expect(await check(at(2))).toMatchObject({ unchanged: 1 });
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 304]);
    expect(await runs()).toHaveLength(1);
  });

  it("after the nightly run has imported the list, the next hour's check finds it unchanged", async () => {
    await pointSeAt("/etag.json");
    await tldImportsJob.handler({ handle: handle(), now: at(0), trigger: "schedule" }, {});
    expect(await seConfig()).toEqual({ last_checked_at: at(0), last_changed_at: at(0), last_import: at(0), last_check_error: null });
    expect(await check(at(1))).toMatchObject({ unchanged: 1 });
    expect(answers.map((answer) => answer.status)).toEqual([200, 304]);
  });

  it("a list that cannot be fetched is recorded as a failed check on its configuration, with no import run", async () => {
    await pointSeAt("/broken.json");
    const result = await check(at(0));
    expect(result).toMatchObject({ checked: 1, failed: 1 });
    expect(result.results[0]).toMatchObject({ result: "failed", error: "Failed to fetch data: HTTP 503 Service Unavailable" });
    expect(await seConfig()).toEqual({
      last_checked_at: at(0),
      last_changed_at: null,
      last_import: null,
      last_check_error: "Failed to fetch data: HTTP 503 Service Unavailable",
    });
    expect(await runs()).toEqual([]);
    // It comes back: the error goes.
    await pointSeAt("/neither.json");
    await check(at(1));
    expect(await seConfig()).toMatchObject({ last_check_error: null, last_changed_at: at(1) });
  });

  it("checks enabled configurations only, and leaves a list alone while an import of it runs", async () => {
    await pointSeAt("/neither.json");
    await handle().query("update tld_imports set enabled = false where tld = '.se'");
    expect(await check(at(0))).toMatchObject({ checked: 0 });
    await handle().query("update tld_imports set enabled = true where tld = '.se'");
    await handle().query(
      "insert into import_runs (tld, tld_import_id, source, trigger, state, started_at) select tld, id, url, 'admin:u1', 'running', $1 from tld_imports where tld = '.se'",
      [at(0)],
    );
    expect((await check(at(0))).results).toEqual([expect.objectContaining({ tld: ".se", result: "skipped" })]);
    expect(answers).toEqual([]);
  });

  it("a new URL is a new list: the next check imports it even if the old list's validators would match", async () => {
    await pointSeAt("/etag.json");
    await check(at(0));
    const [se] = await handle().query<{ id: number }>("select id from tld_imports where tld = '.se'");
    // The same list from another server: the same content, so only forgetting the old list's hash makes it imported.
    const changed = await updateTldImport(handle().db, se.id, { url: server.url("/neither.json"), enabled: true }, ADMIN);
    expect(changed.ok).toBe(true);
    expect(await check(at(1))).toMatchObject({ imported: 1 });
  });
});
