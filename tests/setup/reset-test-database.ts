// Wipes a test's database back to the migrated template's state, so that the next test can use it
// instead of opening a new copy (tests/setup/test-db.ts). Both engines: a PGlite instance, or one
// connection to a PostgreSQL test database whose other sessions have ended. What the wipe restores: every table's
// rows (the template's seeded rows, such as the import configurations, and nothing else), every
// sequence's value and the session (DISCARD ALL: settings, advisory locks, prepared statements,
// temporary tables). What it cannot restore, it detects and refuses: a changed schema (a table,
// column, index, constraint, trigger or function added, dropped or altered) or planner statistics
// (ANALYZE) that a fresh copy would not have; the caller then closes the database instead.

/** One session on the database: a PGlite instance, or a node-postgres client (not a pool: the wipe is one transaction). */
export type Session = { query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }> };

export type TemplateState = {
  fingerprint: string;
  seeds: { table: string; columns: string; rows: string }[];
  sequences: { sequence: string; lastValue: string; isCalled: boolean }[];
};

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`;

/** The schema as one hash, with whether any statistics were gathered: equal hashes, equal databases but for rows. */
const FINGERPRINT = `
  select md5(concat_ws('|',
    (select string_agg(format('%s.%s:%s', n.nspname, c.relname, c.relkind), ',' order by n.nspname, c.relname)
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}),
    (select string_agg(format('%s.%s:%s:%s:%s:%s', n.nspname, c.relname, a.attname, a.atttypid, a.attnotnull, a.attgenerated), ','
         order by n.nspname, c.relname, a.attnum)
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where ${USER_SCHEMAS} and a.attnum > 0 and not a.attisdropped),
    (select string_agg(pg_get_expr(d.adbin, d.adrelid), ',' order by d.adrelid::regclass::text, d.adnum)
       from pg_attrdef d join pg_class c on c.oid = d.adrelid join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}),
    (select string_agg(indexdef, ',' order by schemaname, indexname) from pg_indexes
       where schemaname not in ('pg_catalog', 'information_schema')),
    (select string_agg(format('%s:%s', conname, pg_get_constraintdef(oid)), ',' order by conrelid::regclass::text, conname)
       from pg_constraint where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)),
    (select string_agg(format('%s:%s', tgname, tgenabled), ',' order by tgrelid::regclass::text, tgname) from pg_trigger where not tgisinternal),
    (select string_agg(format('%s.%s:%s', n.nspname, p.proname, md5(p.prosrc)), ',' order by n.nspname, p.proname, p.oid)
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMAS}),
    (select string_agg(extname || extversion, ',' order by extname) from pg_extension),
    (select count(*) from pg_statistic s join pg_class c on c.oid = s.starelid join pg_namespace n on n.oid = c.relnamespace
       where ${USER_SCHEMAS})
  )) as fingerprint`;

/** Tables (leaves, which hold the rows) whose files are not empty: those a test may have written to. */
const TABLES_WITH_PAGES = `
  select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where ${USER_SCHEMAS} and c.relkind = 'r' and pg_relation_size(c.oid) > 0`;

/** A table's rows as JSON text (null when it has none). */
async function rowsOf(session: Session, table: string): Promise<string | null> {
  return (await session.query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${table} t`)).rows[0]!.rows;
}

async function fingerprintOf(session: Session): Promise<string> {
  return (await session.query<{ fingerprint: string }>(FINGERPRINT)).rows[0]!.fingerprint;
}

/** Read once, from a database just opened from the template. */
export async function readTemplateState(session: Session): Promise<TemplateState> {
  const tables = await session.query<{ name: string; columns: string }>(`
    select format('%I.%I', n.nspname, c.relname) as name,
      (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMAS} and c.relkind in ('r', 'p') and not c.relispartition`);
  const seeds: TemplateState["seeds"] = [];
  for (const table of tables.rows) {
    const rows = await rowsOf(session, table.name);
    if (rows) seeds.push({ table: table.name, columns: table.columns, rows });
  }
  const sequences = await session.query<{ sequence: string; lastValue: string; isCalled: boolean }>(`
    select format('%I.%I', schemaname, sequencename) as sequence, coalesce(last_value, start_value)::text as "lastValue",
      last_value is not null as "isCalled"
    from pg_sequences`);
  return { fingerprint: await fingerprintOf(session), seeds, sequences: sequences.rows };
}

/** Back to the template's state; false when the test changed what this cannot undo (the database is then left as it is). */
export async function resetToTemplate(session: Session, template: TemplateState): Promise<boolean> {
  try {
    // DISCARD ALL is refused inside a transaction: a test that left one open has it rolled back first.
    await session.query("discard all").catch(async () => {
      await session.query("rollback");
      await session.query("discard all");
    });
    if ((await fingerprintOf(session)) !== template.fingerprint) return false;
    const seeds = new Map(template.seeds.map((seed) => [seed.table, seed]));
    const written: string[] = [];
    for (const { name } of (await session.query<{ name: string }>(TABLES_WITH_PAGES)).rows) {
      // A seeded table as the template has it is left alone: truncating one costs as much as opening a copy saves.
      const seed = seeds.get(name);
      if (seed && (await rowsOf(session, name)) === seed.rows) continue;
      written.push(name);
    }
    await session.query("begin");
    try {
      // TRUNCATE, not DELETE: the files go back to empty, so the planner sees what a fresh copy shows.
      if (written.length > 0) await session.query(`truncate ${written.join(", ")} cascade`);
      // The seeds go back as they were, without the triggers (which keep counts, themselves seeded) or key checks:
      // those truncated above, and any emptied by the cascade.
      await session.query("set local session_replication_role = replica");
      for (const seed of template.seeds) {
        if ((await session.query(`select 1 from ${seed.table} limit 1`)).rows.length > 0) continue;
        await session.query(
          `insert into ${seed.table} (${seed.columns}) overriding system value
           select ${seed.columns} from json_populate_recordset(null::${seed.table}, $1::json)`,
          [seed.rows],
        );
      }
      await session.query(
        `select setval(sequence::regclass, last_value, is_called)
         from unnest($1::text[], $2::bigint[], $3::boolean[]) as template(sequence, last_value, is_called)`,
        [
          template.sequences.map((entry) => entry.sequence),
          template.sequences.map((entry) => entry.lastValue),
          template.sequences.map((entry) => entry.isCalled),
        ],
      );
      await session.query("commit");
    } catch (error) {
      await session.query("rollback");
      throw error;
    }
    return true;
  } catch {
    return false;
  }
}
