import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { WORD_CLASS } from "~/domain/swedish-words";
import { fillUnknownWordClasses } from "~/server/domains/rescore-domains.server";
import { describeEachEngine } from "~tests/setup/test-db";
import { openMemoryDatabase, type DatabaseHandle } from "./client.server";
import { migrateDatabase, MIGRATIONS_FOLDER } from "./migrate.server";

/** Migrates `handle` with the committed migrations before `tag` only, as a database deployed before it. */
async function migrateUpTo(handle: DatabaseHandle, tag: string) {
  const folder = mkdtempSync(join(tmpdir(), "snart-migrations-"));
  try {
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const until = journal.entries.findIndex((entry) => entry.tag === tag);
    expect(until).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, until) }));
    await migratePglite(handle.db as never, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe("the migrations' journal", () => {
  it("numbers its migrations in order and dates each after the one before (Drizzle's migrator applies only those dated after the newest applied)", () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    journal.entries.forEach((entry, position) => {
      expect(entry.tag.startsWith(String(position).padStart(4, "0")), entry.tag).toBe(true);
      if (position > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[position - 1].when);
    });
  });
});

describe("migrations on an empty embedded database", () => {
  it("apply, and a second run changes nothing", async () => {
    const handle = await openMemoryDatabase();
    try {
      await migrateDatabase(handle);
      const tables = await handle.query<{ count: number }>(
        "select count(*)::int as count from information_schema.tables where table_schema = 'public'",
      );
      await migrateDatabase(handle);
      const again = await handle.query<{ count: number }>(
        "select count(*)::int as count from information_schema.tables where table_schema = 'public'",
      );
      expect(tables[0].count).toBeGreaterThanOrEqual(12);
      expect(again[0].count).toBe(tables[0].count);
      const configs = await handle.query<{ tld: string }>("select tld from tld_imports order by tld");
      expect(configs.map((row) => row.tld)).toEqual([".nu", ".se"]);
    } finally {
      await handle.close();
    }
  });
});

describe("migration 0020 on a database that has run jobs", () => {
  it("gives past runs the outcome their stored counts mean; runs without counts keep their state", async () => {
    const handle = await openMemoryDatabase();
    try {
      await migrateUpTo(handle, "0020_job_run_outcomes");
      await handle.query(
        `insert into job_runs (job, trigger, state, result, error_message) values
           ('tld-imports', 'schedule', 'succeeded', '{"successful": 0, "failed": 18, "message": "0 imports successful, 18 failed"}', null),
           ('tld-imports', 'schedule', 'succeeded', '{"successful": 16, "failed": 2}', null),
           ('tld-imports', 'schedule', 'succeeded', '{"successful": 2, "failed": 0}', null),
           ('availability-check', 'schedule', 'succeeded', '{"processed": 25, "errors": 25}', null),
           ('availability-check', 'schedule', 'succeeded', '{"processed": 0, "errors": 0}', null),
           ('deliver-email', 'schedule', 'succeeded', '{"sent": 1, "retrying": 1, "failed": 0, "logged": 0}', null),
           ('release-update', 'schedule', 'succeeded', '{"updatedCount": 4}', null),
           ('tld-imports', 'schedule', 'failed', null, 'the server was stopped'),
           ('tld-imports', 'schedule', 'running', null, null)`,
      );
      await migrateDatabase(handle);
      const runs = await handle.query("select job, state, succeeded_count, failed_count from job_runs order by id");
      expect(runs).toEqual([
        { job: "tld-imports", state: "failed", succeeded_count: 0, failed_count: 18 },
        { job: "tld-imports", state: "partly_failed", succeeded_count: 16, failed_count: 2 },
        { job: "tld-imports", state: "succeeded", succeeded_count: 2, failed_count: 0 },
        { job: "availability-check", state: "failed", succeeded_count: 0, failed_count: 25 },
        { job: "availability-check", state: "succeeded", succeeded_count: 0, failed_count: 0 },
        { job: "deliver-email", state: "partly_failed", succeeded_count: 1, failed_count: 1 },
        { job: "release-update", state: "succeeded", succeeded_count: null, failed_count: null },
        { job: "tld-imports", state: "failed", succeeded_count: null, failed_count: null },
        { job: "tld-imports", state: "running", succeeded_count: null, failed_count: null },
      ]);
      await expect(handle.query("update job_runs set state = 'half-done'")).rejects.toThrow(/job_runs_state_check/);
    } finally {
      await handle.close();
    }
  });
});

describe("migration 0024 on a database that holds names", () => {
  it("leaves their word class unknown (null), which the fill at start-up then sets from the dictionary", async () => {
    const handle = await openMemoryDatabase();
    try {
      await migrateUpTo(handle, "0024_domain_word_class");
      await handle.query(
        `insert into domains (name, unicode_name, tld, status, length) values
           ('hund.se', 'hund.se', '.se', 'available', 4), ('bilhund.nu', 'bilhund.nu', '.nu', 'available', 7), ('xq7z.se', 'xq7z.se', '.se', 'available', 4)`,
      );
      await migrateDatabase(handle);
      const classes = () => handle.query("select name, word_class from domains order by name");
      expect(await classes()).toEqual([
        { name: "bilhund.nu", word_class: null },
        { name: "hund.se", word_class: null },
        { name: "xq7z.se", word_class: null },
      ]);
      expect(await fillUnknownWordClasses(handle)).toEqual({ filled: 3 });
      expect(await classes()).toEqual([
        { name: "bilhund.nu", word_class: WORD_CLASS.containsWord },
        { name: "hund.se", word_class: WORD_CLASS.isWord },
        { name: "xq7z.se", word_class: WORD_CLASS.none },
      ]);
    } finally {
      await handle.close();
    }
  });
});

describeEachEngine("the migrated schema", ({ handle }) => {
  it("is idempotent: migrating a migrated database again succeeds and adds no rows", async () => {
    await migrateDatabase(handle());
    const configs = await handle().query("select * from tld_imports");
    expect(configs).toHaveLength(2);
  });

  it("rejects an unknown status or TLD", async () => {
    await expect(
      handle().query("insert into domains (name, unicode_name, tld, status, length) values ('a.se', 'a.se', '.se', 'stolen', 1)"),
    ).rejects.toThrow(/invalid input value for enum domain_status: "stolen"/);
    await expect(
      handle().query("insert into domains (name, unicode_name, tld, status, length) values ('a.com', 'a.com', '.com', 'available', 1)"),
    ).rejects.toThrow(/invalid input value for enum domain_tld: ".com"/);
  });

  it("orders statuses and TLDs as their text, and reads them back as text", async () => {
    await handle().query(
      `insert into domains (name, unicode_name, tld, status, length)
       select 'n' || ordinality || '.' || tld, 'n' || ordinality || '.' || tld, ('.' || tld)::domain_tld, status::domain_status, 2
         from unnest(array['unlisted', 'available', 'soonavailable', 'renewed', 'premium', 'registered']) with ordinality as s(status),
              unnest(array['se', 'nu']) as t(tld)`,
    );
    const rows = await handle().query<{ tld: string; status: string }>("select tld, status from domains order by tld, status");
    const asText = rows.map((row) => [row.tld, row.status]).sort(([a, b], [c, d]) => (a === c ? (b < d ? -1 : 1) : a < c ? -1 : 1));
    expect(rows.map((row) => [row.tld, row.status])).toEqual(asText);
    expect(rows).toHaveLength(12);
    expect(typeof rows[0].status).toBe("string");
  });

  it("accepts every known status", async () => {
    for (const [index, status] of ["soonavailable", "available", "registered", "renewed", "premium", "unlisted"].entries()) {
      await handle().query("insert into domains (name, unicode_name, tld, status, length) values ($1, $1, '.se', $2, 2)", [
        `n${index}.se`,
        status,
      ]);
    }
    const rows = await handle().query<{ count: number }>("select count(*)::int as count from domains");
    expect(rows[0].count).toBe(6);
  });

  it('compares names byte-wise wherever they are stored (collate "C"), on any server\'s default collation', async () => {
    const columns = await handle().query<{ column: string; collation: string | null }>(
      `select table_name || '.' || column_name as column, collation_name as collation
         from information_schema.columns
        where table_schema = 'public'
          and (table_name, column_name) in (('domains', 'name'), ('domain_events', 'domain_name'), ('bookmarks', 'domain_name'),
               ('enquiries', 'domain_name'))
        order by 1`,
    );
    expect(columns).toHaveLength(4);
    expect(columns.filter((column) => column.collation !== "C")).toEqual([]);
    // A hyphen sorts before "." and letters byte-wise; a language's collation may skip it ("ab" before "a-c").
    await handle().query(
      `insert into domains (name, unicode_name, tld, status, length)
       values ('ab.se', 'ab.se', '.se', 'available', 2), ('a-c.se', 'a-c.se', '.se', 'available', 3), ('a.se', 'a.se', '.se', 'available', 1)`,
    );
    const rows = await handle().query<{ name: string }>("select name from domains order by name");
    expect(rows.map((row) => row.name)).toEqual(["a-c.se", "a.se", "ab.se"]);
  });

  it("has pg_trgm, whose similarity() ranks similar names", async () => {
    const rows = await handle().query<{ extname: string }>("select extname from pg_extension where extname = 'pg_trgm'");
    expect(rows).toHaveLength(1);
  });

  it("keeps one bookmark per user and name", async () => {
    await handle().query(
      "insert into domains (name, unicode_name, tld, status, length) values ('hund.se', 'hund.se', '.se', 'available', 4)",
    );
    await handle().query(
      "insert into \"user\" (id, name, email, email_verified, created_at, updated_at) values ('u1', 'A', 'a@example.se', true, now(), now())",
    );
    await handle().query("insert into bookmarks (user_id, domain_name) values ('u1', 'hund.se')");
    await expect(handle().query("insert into bookmarks (user_id, domain_name) values ('u1', 'hund.se')")).rejects.toThrow(
      /bookmarks_user_domain_unique/,
    );
  });
});
