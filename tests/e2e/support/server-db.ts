import pg from "pg";

/**
 * The e2e server's embedded database, reached through the Unix socket it
 * serves in its data folder (the same way the CLI reaches it). One
 * connection at a time; close it promptly.
 */
export async function withServerDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const client = await connectWhenFree(dataDir);
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The socket takes one client at a time and refuses a second (EPIPE or a
 * reset): with two Playwright workers, one may have to wait for the other.
 */
async function connectWhenFree(dataDir: string): Promise<pg.Client> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const client = new pg.Client({ host: dataDir, port: 5432, user: "postgres", database: "template1" });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}
