import { defineConfig } from "vitest/config";

const include = [
  "app/**/*.test.ts",
  "app/**/*.test.tsx",
  "cli/**/*.test.ts",
  "server/**/*.test.ts",
  "support/**/*.test.ts",
  "tests/**/*.test.ts",
];
const exclude = ["tests/e2e/**", "node_modules/**"];

/**
 * Files that replace modules (vi.mock), set process.env or reset the module registry: each needs
 * modules of its own, so they run isolated, one fresh worker per file. Every other file shares its
 * worker's modules with the files before it, which saves importing the app again per file (about
 * 2.7 s each, most of the suite's time). A new file of the first kind belongs here; a file that
 * needs isolation and is missing fails in the shared project only when it runs after another.
 */
const needsOwnModules = [
  "app/domain/format.test.ts",
  "app/lib/zod-csp.test.ts",
  "app/routes/admin/imports.server.test.ts",
  "app/server/availability/check-domain-availability.server.test.ts",
  "app/server/domains/load-domain-page.server.test.ts",
  "app/server/email/deliver-outbox.server.test.ts",
  "app/server/imports/release-list/check-release-lists.server.test.ts",
  "app/server/imports/release-list/run-tld-imports.server.test.ts",
  "app/server/jobs/zone-sync.job.server.test.ts",
  "app/server/security/same-origin.server.test.ts",
  "cli/commands/check-availability.test.ts",
  "cli/commands/import.test.ts",
  "cli/commands/promote.test.ts",
  "cli/commands/zone.test.ts",
  "tests/security/security-headers.test.ts",
  "tests/security/sign-up-steps.server.test.ts",
];

export default defineConfig({
  // The import aliases are tsconfig.json's "paths", as in vite.config.ts (decision 0028).
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ["./tests/setup/global-setup.ts"],
    setupFiles: ["./tests/setup/setup-each.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two workers on CI's two cores: the database tests wait on PostgreSQL about as much as they compute.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "shared", include, exclude: [...exclude, ...needsOwnModules], isolate: false } },
      { extends: true, test: { name: "isolated", include: needsOwnModules, exclude, isolate: true } },
    ],
  },
});
