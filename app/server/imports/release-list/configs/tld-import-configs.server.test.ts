import { expect, it } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import {
  addTldImport,
  deleteTldImport,
  duplicateTldMessage,
  listTldImportChanges,
  secondEnabledMessage,
  updateTldImport,
} from "./tld-import-configs.server";
import { listTldImports } from "./list-tld-imports.server";

const ADMIN = { id: "admin-1", email: "admin@example.se" };

describeEachEngine("TLD import configurations", ({ handle, engine }) => {
  const configOf = async (tld: string) => (await listTldImports(handle().db)).find((config) => config.tld === tld)!;

  it("a fresh install offers the registry's two lists, enabled", async () => {
    const configs = await listTldImports(handle().db);
    expect(configs.map((config) => [config.tld, config.url, config.enabled, config.lastImport])).toEqual([
      [".nu", "https://data.internetstiftelsen.se/bardate_domains_nu.json", true, null],
      [".se", "https://data.internetstiftelsen.se/bardate_domains.json", true, null],
    ]);
  });

  it.each([["se"], [".se"], [" SE "]])(
    "adds a configuration for a TLD without one, reading %j as .se, and records who added it",
    async (tld) => {
      await handle().query("delete from tld_imports where tld = '.se'");
      const result = await addTldImport(handle().db, { tld, url: " https://example.se/lista.txt " }, ADMIN);
      expect(result).toMatchObject({
        ok: true,
        config: { tld: ".se", url: "https://example.se/lista.txt", enabled: true, lastImport: null },
      });
      expect(await listTldImports(handle().db)).toHaveLength(2);
      expect(await listTldImportChanges(handle().db)).toEqual([
        expect.objectContaining({
          action: "added",
          before: null,
          after: { tld: ".se", url: "https://example.se/lista.txt", enabled: true },
          changedById: "admin-1",
          changedBy: "admin@example.se",
          changedAt: expect.any(Date),
        }),
      ]);
    },
  );

  it("refuses a second configuration of a TLD with a message for the form, and adds nothing", async () => {
    expect(await addTldImport(handle().db, { tld: "se", url: "https://example.se/del-av-listan.json" }, ADMIN)).toEqual({
      ok: false,
      reason: "duplicate",
      errors: { tld: duplicateTldMessage(".se") },
    });
    // Also when the TLD's configuration is disabled: edit that one.
    await handle().query("update tld_imports set enabled = false where tld = '.nu'");
    expect(await addTldImport(handle().db, { tld: "nu", url: "https://example.se/nu.json" }, ADMIN)).toMatchObject({
      ok: false,
      errors: {
        tld: ".nu already has an import configuration. Edit that one instead: each TLD has one list, imported as its complete list.",
      },
    });
    expect(await listTldImports(handle().db)).toHaveLength(2);
    expect(await listTldImportChanges(handle().db)).toEqual([]);
  });

  // Only PostgreSQL has a second session: another administrator's add, not yet committed when this one looks.
  if (engine === "postgres") {
    it("an add that meets another administrator's uncommitted add of the TLD gets the message, not an error", async () => {
      await handle().query("delete from tld_imports where tld = '.se'");
      const other = await handle().pool!.connect();
      try {
        await other.query("begin");
        await other.query("insert into tld_imports (tld, url) values ('.se', 'https://example.se/forst.json')");
        const adding = addTldImport(handle().db, { tld: "se", url: "https://example.se/sedan.json" }, ADMIN);
        // Its insert waits for the other session's row in the unique index.
        for (;;) {
          const [{ waiting }] = await handle().query<{ waiting: number }>(
            "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          if (waiting > 0) break;
        }
        await other.query("commit");
        expect(await adding).toEqual({ ok: false, reason: "duplicate", errors: { tld: duplicateTldMessage(".se") } });
      } finally {
        other.release();
      }
      expect((await listTldImports(handle().db)).filter((config) => config.tld === ".se").map((config) => config.url)).toEqual([
        "https://example.se/forst.json",
      ]);
    });
  }

  it.each([
    [{ tld: "com", url: "https://example.se/a.json" }, { tld: "TLD must be se or nu" }],
    [{ tld: "", url: "https://example.se/a.json" }, { tld: "TLD must be se or nu" }],
    [{ tld: "se", url: "ftp://example.se/a.json" }, { url: "Data URL must be an http or https URL" }],
    [{ tld: "se", url: "inte en adress" }, { url: "Data URL must be an http or https URL" }],
    [
      { tld: undefined, url: undefined },
      { tld: "TLD must be se or nu", url: "Data URL must be an http or https URL" },
    ],
  ])("refuses %j with field errors", async (input, errors) => {
    expect(await addTldImport(handle().db, input, ADMIN)).toEqual({ ok: false, reason: "invalid", errors });
    expect(await listTldImports(handle().db)).toHaveLength(2);
  });

  it("edits the URL and the enabled flag, forgets what the check knew of the old list, and records before and after", async () => {
    const se = await configOf(".se");
    await handle().query("update tld_imports set etag = '\"v1\"', last_modified = 'x', content_hash = 'abc' where id = $1", [se.id]);
    const result = await updateTldImport(handle().db, se.id, { url: "https://example.se/ny.json", enabled: false }, ADMIN);
    expect(result).toMatchObject({
      ok: true,
      config: { url: "https://example.se/ny.json", enabled: false, etag: null, lastModified: null, contentHash: null },
    });
    // Saving it unchanged records nothing.
    await updateTldImport(handle().db, se.id, { url: "https://example.se/ny.json", enabled: false }, ADMIN);
    const changes = await listTldImportChanges(handle().db);
    expect(changes.map(({ tldImportId, action, before, after, changedBy }) => ({ tldImportId, action, before, after, changedBy }))).toEqual(
      [
        {
          tldImportId: se.id,
          action: "updated",
          before: { tld: ".se", url: "https://data.internetstiftelsen.se/bardate_domains.json", enabled: true },
          after: { tld: ".se", url: "https://example.se/ny.json", enabled: false },
          changedBy: "admin@example.se",
        },
      ],
    );
  });

  it("refuses to enable a second configuration of a TLD (one left by migration 0022), changing nothing", async () => {
    const se = await configOf(".se");
    const [surplus] = await handle().query<{ id: number }>(
      "insert into tld_imports (tld, url, enabled) values ('.se', 'https://example.se/del.json', false) returning id",
    );
    expect(await updateTldImport(handle().db, surplus.id, { url: "https://example.se/del.json", enabled: true }, ADMIN)).toEqual({
      ok: false,
      reason: "duplicate",
      errors: { enabled: secondEnabledMessage(".se") },
    });
    expect((await listTldImports(handle().db)).map((config) => [config.id, config.enabled])).toEqual([
      [(await configOf(".nu")).id, true],
      [se.id, true],
      [surplus.id, false],
    ]);
    expect(await listTldImportChanges(handle().db)).toEqual([]);
  });

  it("refuses a bad edit with field errors, and an unknown configuration", async () => {
    const se = await configOf(".se");
    expect(await updateTldImport(handle().db, se.id, { url: "javascript:alert(1)", enabled: true }, ADMIN)).toEqual({
      ok: false,
      reason: "invalid",
      errors: { url: "Data URL must be an http or https URL" },
    });
    expect(await updateTldImport(handle().db, 999_999, { url: "https://example.se/a.json", enabled: true }, ADMIN)).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("deletes a configuration, keeps its import runs, and records what it was", async () => {
    const nu = await configOf(".nu");
    await handle().query(
      "insert into import_runs (tld, tld_import_id, source, trigger, state) values ('.nu', $1, 'x', 'schedule', 'succeeded')",
      [nu.id],
    );
    expect(await deleteTldImport(handle().db, nu.id, ADMIN)).toMatchObject({ ok: true, config: { tld: ".nu" } });
    expect(await deleteTldImport(handle().db, nu.id, ADMIN)).toEqual({ ok: false });
    expect((await listTldImports(handle().db)).map((config) => config.tld)).toEqual([".se"]);
    expect(await handle().query("select tld, tld_import_id from import_runs")).toEqual([{ tld: ".nu", tld_import_id: null }]);
    expect(await listTldImportChanges(handle().db)).toEqual([
      expect.objectContaining({
        tldImportId: nu.id,
        action: "deleted",
        before: { tld: ".nu", url: "https://data.internetstiftelsen.se/bardate_domains_nu.json", enabled: true },
        after: null,
        changedBy: "admin@example.se",
      }),
    ]);
  });
});
