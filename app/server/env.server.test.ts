import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("parseEnv: SITE_URL", () => {
  it.each([{}, { SITE_URL: "" }])("refuses production without it (%j), naming it", (settings) => {
    expect(() => parseEnv({ NODE_ENV: "production", ...settings })).toThrow(/^ {2}SITE_URL: must be set in production/m);
  });

  it("takes it in production", () => {
    expect(parseEnv({ NODE_ENV: "production", SITE_URL: "https://snartlediga.se" }).SITE_URL).toBe("https://snartlediga.se");
  });

  it("still refuses a value that is not a URL", () => {
    expect(() => parseEnv({ NODE_ENV: "production", SITE_URL: "snartlediga.se" })).toThrow(/SITE_URL/);
  });

  it.each([
    [{}, "http://localhost:3000"],
    [{ NODE_ENV: "development", PORT: "4100" }, "http://localhost:4100"],
    [{ NODE_ENV: "test", SITE_URL: "" }, "http://localhost:3000"],
  ])("outside production defaults to this machine's address (%j)", (settings, expected) => {
    expect(parseEnv(settings).SITE_URL).toBe(expected);
  });

  it("is named with the other bad settings, all in one message", () => {
    expect(() => parseEnv({ NODE_ENV: "production", PORT: "0" })).toThrow(/^ {2}PORT: .*\n {2}SITE_URL: must be set in production/m);
  });
});
