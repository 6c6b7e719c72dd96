import pg from "pg";

/** Runs statements on the server at `serverUrl` itself, not in the database they create or drop. */
async function onServer(serverUrl: string, statements: string[]) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A fresh, empty database on the PostgreSQL server at `serverUrl` (dropped first if it exists); returns its URL. */
export async function createFreshDatabase(serverUrl: string, name: string): Promise<string> {
  await onServer(serverUrl, [`drop database if exists ${name} with (force)`, `create database ${name}`]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(serverUrl: string, name: string) {
  await onServer(serverUrl, [`drop database if exists ${name} with (force)`]);
}
