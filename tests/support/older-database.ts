// A database as an older release left it: migrated through one migration of
// the journal, on either engine, for the tests of a later migration's data step.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { openDatabase, openMemoryDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { MIGRATIONS_FOLDER } from "~/server/db/migrate.server";
import { createFreshDatabase, dropDatabase } from "./postgres-databases";

type JournalEntry = { idx: number; tag: string };

function readJournal(folder: string): { entries: JournalEntry[] } {
  return JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8"));
}

/** The journal index of the migration whose tag ends with `_${slug}`: its number is whatever the journal gives it. */
export function migrationIdx(slug: string): number {
  const entry = readJournal(MIGRATIONS_FOLDER).entries.find((candidate) => candidate.tag.endsWith(`_${slug}`));
  if (!entry) throw new Error(`no migration "${slug}" in the journal`);
  return entry.idx;
}

/** A copy of the migrations folder that ends with migration `lastIdx`. */
export function migrationsThrough(lastIdx: number): string {
  const folder = mkdtempSync(join(tmpdir(), "snart-migrations-"));
  mkdirSync(join(folder, "meta"));
  const journal = readJournal(MIGRATIONS_FOLDER);
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  for (const file of readdirSync(MIGRATIONS_FOLDER))
    if (file.endsWith(".sql")) copyFileSync(join(MIGRATIONS_FOLDER, file), join(folder, file));
  return folder;
}

export type OlderDatabase = { handle: DatabaseHandle; drop: () => Promise<void> };

/** Each engine's way to open a database migrated with the migrations of `folder`; the PostgreSQL one as database `name`. */
export const olderDatabaseEngines = [
  {
    engine: "pglite",
    async open(folder: string, _name?: string): Promise<OlderDatabase> {
      const handle = await openMemoryDatabase();
      await migratePglite(handle.db as never, { migrationsFolder: folder });
      return { handle, drop: () => handle.close() };
    },
  },
  {
    engine: "postgres",
    async open(folder: string, name = `snart_older_${process.pid}`): Promise<OlderDatabase> {
      const handle = await openDatabase({
        databaseUrl: await createFreshDatabase(process.env.TEST_DATABASE_URL!, name),
        dataDir: "unused",
      });
      await migrateNodePg(handle.db as never, { migrationsFolder: folder });
      return {
        handle,
        drop: async () => {
          await handle.close();
          await dropDatabase(process.env.TEST_DATABASE_URL!, name);
        },
      };
    },
  },
] as const;
