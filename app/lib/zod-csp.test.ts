import { afterEach, expect, test, vi } from "vitest";
import { config } from "zod/v4/core";

afterEach(() => {
  config({ jitless: false });
  vi.unstubAllGlobals();
});

test("in a browser, zod-csp turns zod's jitless mode on through zod's own settings object", async () => {
  expect(config().jitless).not.toBe(true);
  vi.stubGlobal("document", {});
  await import("./zod-csp");
  expect(config().jitless).toBe(true);
});
