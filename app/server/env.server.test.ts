import { describe, expect, it } from "vitest";
import { parseEnv, parseZoneServer } from "./env.server";

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

describe("parseEnv: the zone settings", () => {
  it("defaults to the registry's zone server, every 6 hours, and no TLDs while the demo data is on", () => {
    const env = parseEnv({});
    expect(env.ZONE_SERVER).toBe("zonedata.iis.se");
    expect(env.ZONE_SYNC_MINUTES).toBe(360);
    expect(env.SEED_DEMO).toBe(true);
    expect(env.ZONE_TLDS).toEqual([]);
  });

  it("reads .se and .nu by default once the demo data is off", () => {
    expect(parseEnv({ SEED_DEMO: "false" }).ZONE_TLDS).toEqual(["se", "nu"]);
  });

  it.each([
    ["se", ["se"]],
    [" .NU , se,se ", ["nu", "se"]],
    ["none", []],
    ["", ["se", "nu"]],
  ])("takes ZONE_TLDS=%j as %j", (value, expected) => {
    expect(parseEnv({ SEED_DEMO: "false", ZONE_TLDS: value }).ZONE_TLDS).toEqual(expected);
  });

  it.each(["se,com", "se;nu", "*", ","])("refuses ZONE_TLDS=%j, naming it", (value) => {
    expect(() => parseEnv({ SEED_DEMO: "false", ZONE_TLDS: value })).toThrow(/^ {2}ZONE_TLDS: must be TLDs separated by commas/m);
  });

  it("refuses TLDs to read while the demo data is on, and takes none", () => {
    expect(() => parseEnv({ ZONE_TLDS: "se" })).toThrow(/^ {2}ZONE_TLDS: must be empty while SEED_DEMO is on/m);
    expect(parseEnv({ ZONE_TLDS: "none" }).ZONE_TLDS).toEqual([]);
    expect(parseEnv({ ZONE_TLDS: "" }).ZONE_TLDS).toEqual([]);
  });

  it.each([
    ["zonedata.iis.se", { host: "zonedata.iis.se", port: 53 }],
    ["ZoneData.IIS.se.", { host: "zonedata.iis.se", port: 53 }],
    ["127.0.0.1:5353", { host: "127.0.0.1", port: 5353 }],
    ["[::1]:5353", { host: "::1", port: 5353 }],
    ["2001:db8::53", { host: "2001:db8::53", port: 53 }],
  ])("takes ZONE_SERVER=%j (%j)", (value, expected) => {
    expect(parseEnv({ ZONE_SERVER: ` ${value} ` }).ZONE_SERVER).toBe(value);
    expect(parseZoneServer(value)).toEqual(expected);
  });

  it.each(["", "zonedata.iis.se:0", "zonedata.iis.se:70000", "http://zonedata.iis.se", "zone data", "[nope]:53", "-bad.se"])(
    "refuses ZONE_SERVER=%j, naming it",
    (value) => {
      expect(() => parseEnv({ ZONE_SERVER: value })).toThrow(/^ {2}ZONE_SERVER: must be a host name or address/m);
    },
  );

  it.each([
    ["60", 60],
    ["1440", 1440],
  ])("takes ZONE_SYNC_MINUTES=%s", (value, expected) => {
    expect(parseEnv({ ZONE_SYNC_MINUTES: value }).ZONE_SYNC_MINUTES).toBe(expected);
  });

  it.each(["59", "0", "90.5", "often"])("refuses ZONE_SYNC_MINUTES=%j: at least an hour apart", (value) => {
    expect(() => parseEnv({ ZONE_SYNC_MINUTES: value })).toThrow(/^ {2}ZONE_SYNC_MINUTES: /m);
  });
});
