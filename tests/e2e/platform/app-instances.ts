import { spawn, type ChildProcess } from "node:child_process";
export { createFreshDatabase, dropDatabase } from "~tests/support/postgres-databases";

/** One app process started from the built server (server.js) for the multi-instance test. */
export type AppInstance = { url: string; child: ChildProcess; output: () => string };

/** Starts `node server.js` on `port` (production mode) and resolves once /healthz answers. */
export async function startInstance(options: { port: number; buildDir: string; env: Record<string, string> }): Promise<AppInstance> {
  const url = `http://localhost:${options.port}`;
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
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr?.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  const instance = { url, child, output: () => output };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance on ${options.port} exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return instance;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stopInstance(instance);
  throw new Error(`instance on ${options.port} did not start within 90 s:\n${output}`);
}

/** SIGTERM (graceful: finishes requests, stops pg-boss), SIGKILL after 10 s. */
export async function stopInstance(instance: AppInstance | undefined) {
  if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once("exit", resolve));
  instance.child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill("SIGKILL");
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
