import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

// The end-to-end suite's own rules, checked where no linter rule says them.
const E2E = "tests/e2e";

function specFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? specFiles(join(dir, entry.name)) : entry.name.endsWith(".spec.ts") ? [join(dir, entry.name)] : [],
  );
}

it("every spec file takes `test` from tests/e2e/support/test.ts, whose page.goto waits until the page is live", () => {
  const offenders = specFiles(E2E).filter((file) => /import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*"@playwright\/test"/.test(readFileSync(file, "utf8")));
  expect(offenders).toEqual([]);
  expect(specFiles(E2E).length).toBeGreaterThan(10);
});
