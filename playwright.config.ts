import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests drive the built app in Debian's Chromium. The web server
 * is the production build on a fresh embedded database with demo data.
 * E2E_PORT / BUILD_DIR let several runs share a machine without colliding.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/snart-e2e-${port}`;
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 45_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // A failed test runs once more, so the report says whether it is flaky; a test that passes only on
  // its retry still fails the run, in CI and outside it alike (flakiness is a defect, not noise).
  retries: 1,
  failOnFlakyTests: true,
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "sv-SE",
    timezoneId: "Europe/Stockholm",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: "node scripts/e2e-server.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
  },
});
