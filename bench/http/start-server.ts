import { spawn, type ChildProcess } from "node:child_process";

/** Starts the built server in production mode and waits until /healthz answers. */
export async function startBenchServer(options: { port: number; databaseUrl: string; buildDir: string }): Promise<ChildProcess> {
  const child = spawn("node_modules/.bin/node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      BUILD_DIR: options.buildDir,
      SITE_URL: `http://localhost:${options.port}`,
      SEED_DEMO: "false",
      JOBS_ENABLED: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${options.port}/healthz`);
      if (response.ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not start within 120 s");
}

export async function stopBenchServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}
