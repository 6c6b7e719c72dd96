import type express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { clearPageCacheForTests } from "~/server/cache/page-cache.server";

/**
 * Serves `app` on a free port of 127.0.0.1 for a test file's tests, with the
 * page micro-cache on and emptied before each test. Returns the base URL.
 */
export function servePagesForTests(app: express.Express): () => string {
  let base = "";
  let server: ReturnType<express.Express["listen"]>;
  beforeAll(async () => {
    server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    clearPageCacheForTests({ enabled: null });
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => clearPageCacheForTests({ enabled: true }));
  return () => base;
}
