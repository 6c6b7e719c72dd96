import pg from "pg";

/**
 * The e2e server's embedded database, reached through the Unix socket it
 * serves in its data folder (the same way the CLI reaches it). One
 * connection at a time; close it promptly.
 */
export async function withServerDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const client = new pg.Client({ host: dataDir, port: 5432, user: "postgres", database: "template1" });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
