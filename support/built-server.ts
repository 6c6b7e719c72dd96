import { spawn, type ChildProcess } from "node:child_process";

export type BuiltServerOptions = {
  port: number;
  /** The folder `react-router build` wrote (BUILD_DIR). */
  buildDir: string;
  /** Set over this process's environment and the production defaults below (DATABASE_URL, SEED_DEMO, LOG_LEVEL …). */
  env?: Record<string, string>;
  /** How long the server may take to answer /healthz. */
  startTimeoutMs: number;
  /**
   * "collect" (the default) keeps the server's lines in `output`. "stderr" drops
   * its stdout and passes its stderr straight through: for a caller that blocks
   * its own event loop (a benchmark's spawnSync) and so could not read a pipe,
   * which would stall the server once it filled.
   */
  outputTo?: "collect" | "stderr";
};

export type ServerExit = { code: number | null; signal: NodeJS.Signals | null; at: number };

export type BuiltServer = {
  child: ChildProcess;
  pid: number;
  /** http://localhost:PORT, the site's own origin (SITE_URL), so form posts pass the same-origin checks. */
  url: string;
  /** The last 20,000 lines the server wrote (JSON logs), for checks such as request ids; empty with outputTo "stderr". */
  output: string[];
  exited: Promise<ServerExit>;
  /**
   * SIGTERM (graceful: requests are finished, pg-boss stops; the server exits
   * within 10 s on its own), SIGKILL after `timeoutMs`; resolves once the process has exited.
   */
  stop(timeoutMs?: number): Promise<void>;
  kill(): Promise<void>;
};

const MAX_OUTPUT_LINES = 20_000;

// Servers still running when this process ends (a failed test, Ctrl-C) are killed with it.
const children = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/**
 * Starts the production build (server.js) as its own process, the way
 * `npm start` runs it, and resolves once /healthz answers.
 */
export async function startBuiltServer(options: BuiltServerOptions): Promise<BuiltServer> {
  const url = `http://localhost:${options.port}`;
  const collect = (options.outputTo ?? "collect") === "collect";
  const child = spawn("node_modules/.bin/node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      BUILD_DIR: options.buildDir,
      SITE_URL: url,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: collect ? ["ignore", "pipe", "pipe"] : ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  const output: string[] = [];
  if (collect) {
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) if (line.trim()) output.push(line);
      if (output.length > MAX_OUTPUT_LINES) output.splice(0, output.length - MAX_OUTPUT_LINES);
    };
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
  }
  const exited = new Promise<ServerExit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const lastLines = () => (collect ? `:\n${output.slice(-20).join("\n")}` : " (its output went to stderr)");
  const server: BuiltServer = {
    child,
    pid: child.pid!,
    url,
    output,
    exited,
    async stop(timeoutMs = 12_000) {
      if (hasExited()) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (hasExited()) return;
      child.kill("SIGKILL");
      await exited;
    },
  };

  const deadline = Date.now() + options.startTimeoutMs;
  for (;;) {
    if (hasExited())
      throw new Error(`the server on port ${options.port} exited while starting (${child.exitCode ?? child.signalCode})${lastLines()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(
        `the server on port ${options.port} did not start within ${Math.round(options.startTimeoutMs / 1000)} s${lastLines()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
