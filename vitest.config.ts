import { defineConfig } from "vitest/config";

export default defineConfig({
  // The import aliases are tsconfig.json's "paths", as in vite.config.ts (decision 0028).
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "cli/**/*.test.ts", "server/**/*.test.ts", "support/**/*.test.ts", "tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    globalSetup: ["./tests/setup/global-setup.ts"],
    setupFiles: ["./tests/setup/setup-each.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
