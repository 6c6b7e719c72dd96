import pg from "pg";

export { createFreshDatabase as freshPostgresDatabase, dropDatabase as dropPostgresDatabase } from "~tests/support/postgres-databases";

/** Where a scenario's database lives: a PGlite data folder (reached through the running server's socket) or PostgreSQL. */
export type DatabaseTarget = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

/**
 * Runs `work` on one connection. For the embedded engine this goes through the
 * socket the running server serves in its data folder (one client at a time).
 */
export async function withDb<T>(target: DatabaseTarget, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client =
    target.kind === "pglite"
      ? new pg.Client({ host: target.dataDir, port: 5432, user: "postgres", database: "template1" })
      : new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fingerprint of the domains table: its row count and a hash of every row's key columns. */
export async function domainsFingerprint(client: pg.Client) {
  const { rows } = await client.query<{ n: number; hash: string }>(
    `select count(*)::int as n, md5(coalesce(string_agg(name || ':' || status || ':' || coalesce(release_date::text, ''), ',' order by name), '')) as hash from domains`,
  );
  return rows[0];
}

/**
 * Makes `count` available names due for an availability check now, at any hour. The demo's
 * release history schedules each name's next check from the moment it was seeded (every 30
 * minutes only on its first day, then daily or weekly), so at most hours none is due and a
 * check would ask the registry nothing. Throws when there are fewer available names.
 */
export async function makeNamesDue(client: pg.Client, count: number): Promise<number> {
  const { rowCount } = await client.query(
    `update domains set next_check_at = now() - interval '1 minute'
      where name in (select name from domains where status = 'available' order by name limit $1)`,
    [count],
  );
  if ((rowCount ?? 0) < count) throw new Error(`only ${rowCount ?? 0} available names to make due for a check; the scenario needs ${count}`);
  return count;
}
