import pg from "pg";

/** The settings that move the figures most, so figures from different machines can be told apart. */
const SETTINGS = ["server_version", "fsync", "synchronous_commit", "shared_buffers", "work_mem", "max_wal_size", "max_parallel_workers_per_gather", "autovacuum"];

/** "PostgreSQL 15.20: fsync on, synchronous_commit on, shared_buffers 128MB, …" for the server at `serverUrl`. */
export async function describePostgresSettings(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      `select name, current_setting(name) as setting from unnest($1::text[]) as name`,
      [SETTINGS],
    );
    const value = (name: string) => rows.find((row) => row.name === name)?.setting ?? "?";
    return `PostgreSQL ${value("server_version").split(" ")[0]}: ${SETTINGS.slice(1)
      .map((name) => `${name} ${value(name)}`)
      .join(", ")}`;
  } finally {
    await client.end();
  }
}
