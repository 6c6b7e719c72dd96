import { readFileSync } from "node:fs";
import { startBuiltServer, type BuiltServer } from "~support/built-server";

export type ServerOptions = {
  port: number;
  buildDir: string;
  /** PostgreSQL; otherwise the embedded database in `dataDir`. */
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
};

export type RunningServer = BuiltServer & {
  /** Resident memory in MB, read from /proc. */
  rssMb(): number;
};

/**
 * Starts the production build (server.js) as its own process and waits until
 * /healthz answers; the fake registries and list servers run on this machine,
 * so the server may fetch from it.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const server = await startBuiltServer({
    port: options.port,
    buildDir: options.buildDir,
    startTimeoutMs: 180_000,
    env: {
      DATABASE_URL: options.databaseUrl ?? "",
      DATA_DIR: options.dataDir ?? "/tmp/snart-h10-unused",
      FETCH_ALLOW_HOSTS: "127.0.0.1,localhost",
      ...options.env,
    },
  });
  return {
    ...server,
    rssMb: () => {
      const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
  };
}

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `read` until it returns something other than undefined. */
export async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs: number, intervalMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/**
 * What was sent to `port` that the server has not taken in yet, from the kernel's socket
 * tables (Linux): connections still opening or waiting to be accepted, and request bytes
 * not read. Zero means every request sent so far is in the server's hands: a request it
 * has not read is not one it accepted, and a shutdown may rightly close its connection.
 */
export function notYetReadByServer(port: number): number {
  let waiting = 0;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (!local || Number.parseInt(local.split(":")[1], 16) !== port) continue;
      const received = Number.parseInt(queues.split(":")[1], 16);
      // SYN_RECV: still opening. LISTEN: its receive queue is the connections not yet accepted. Otherwise: bytes not read.
      waiting += state === "03" ? 1 : received;
    }
  }
  return waiting;
}
