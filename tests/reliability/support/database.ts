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
