import pg from "pg";

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

/** A fresh, empty PostgreSQL database on the server at `serverUrl`; returns its URL. */
export async function freshPostgresDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(serverUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A fingerprint of the domains table: its row count and a hash of every row's key columns. */
export async function domainsFingerprint(client: pg.Client) {
  const { rows } = await client.query<{ n: number; hash: string }>(
    `select count(*)::int as n, md5(coalesce(string_agg(name || ':' || status || ':' || coalesce(release_date::text, ''), ',' order by name), '')) as hash from domains`,
  );
  return rows[0];
}
