import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

export type ServerOptions = {
  port: number;
  buildDir: string;
  /** PostgreSQL; otherwise the embedded database in `dataDir`. */
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
};

export type RunningServer = {
  child: ChildProcess;
  pid: number;
  url: string;
  /** Every line the server wrote (JSON logs), for checks such as request ids. */
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Resident memory in MB, read from /proc. */
  rssMb(): number;
  /** SIGTERM and wait (or SIGKILL after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
  kill(): Promise<void>;
};

// Servers still running when this process ends (a failed scenario, Ctrl-C) are killed with it.
const children = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/**
 * Starts the production build (server.js) as its own process, the way
 * `npm start` runs it, and waits until /healthz answers.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const output: string[] = [];
  const child = spawn("node_modules/.bin/node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      BUILD_DIR: options.buildDir,
      SITE_URL: `http://localhost:${options.port}`,
      DATABASE_URL: options.databaseUrl ?? "",
      DATA_DIR: options.dataDir ?? "/tmp/snart-h10-unused",
      LOG_LEVEL: "warn",
      FETCH_ALLOW_HOSTS: "127.0.0.1,localhost",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) output.push(line);
    if (output.length > 20_000) output.splice(0, output.length - 20_000);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  // localhost: the site's own origin (SITE_URL), so form posts pass the same-origin checks.
  const url = `http://localhost:${options.port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server on port ${options.port} exited while starting:\n${output.slice(-20).join("\n")}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server on port ${options.port} did not start within 180 s:\n${output.slice(-20).join("\n")}`);
    }
    await sleep(250);
  }
  const pid = child.pid!;
  return {
    child,
    pid,
    url,
    output,
    exited,
    rssMb: () => {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    async stop(timeoutMs = 12_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await exited;
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
