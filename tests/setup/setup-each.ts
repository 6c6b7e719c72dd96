import { afterEach, beforeAll, beforeEach, expect, vi } from "vitest";
import { resetRateLimitsForTests } from "~/server/rate-limit.server";

// A stray console.error is a bug somebody missed: it fails the test that caused it.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(errors, `console.error was called:\n${errors.map((args) => args.map(String).join(" ")).join("\n")}`).toEqual([]);
});

// Files share a worker's modules and globals (vitest.config.ts): each starts with no rate-limit counts, as it would alone.
beforeAll(() => resetRateLimitsForTests());
