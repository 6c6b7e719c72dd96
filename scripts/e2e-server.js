// Starts the built app for the end-to-end tests: a fresh embedded database
// (demo data included) in E2E_DATA_DIR, production mode, on E2E_PORT.
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";

const port = process.env.E2E_PORT ?? "4173";
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/snart-e2e-${port}`;
const buildDir = process.env.BUILD_DIR ?? "build";

rmSync(dataDir, { recursive: true, force: true });
if (process.env.E2E_SKIP_BUILD !== "1" || !existsSync(`${buildDir}/server/index.js`)) {
  execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.cjs", "build"], { stdio: "inherit", env: process.env });
}

Object.assign(process.env, {
  NODE_ENV: "production",
  PORT: port,
  DATA_DIR: dataDir,
  SITE_URL: `http://localhost:${port}`,
  SEED_DEMO: "true",
  SEED_DEMO_SIZE: process.env.SEED_DEMO_SIZE ?? "1500",
  ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? "admin@e2e.test",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // The e2e tests point imports and the availability check at servers on this machine.
  FETCH_ALLOW_HOSTS: "127.0.0.1,localhost",
  // No registry is asked from a test: every availability check is refused at once (a port nothing listens on).
  DAS_SE_URL: process.env.DAS_SE_URL ?? "http://127.0.0.1:1/free",
  DAS_NU_URL: process.env.DAS_NU_URL ?? "http://127.0.0.1:1/free",
});
await import("../server.js");
