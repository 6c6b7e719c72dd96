import { expect, it } from "vitest";
import { describeEachEngine } from "../../../tests/setup/test-db";
import { addTldImport } from "./add-tld-import.server";
import { listTldImports } from "./list-tld-imports.server";

describeEachEngine("TLD import configurations", ({ handle }) => {
  it("a fresh install offers the registry's two lists", async () => {
    const configs = await listTldImports(handle().db);
    expect(configs.map((config) => [config.tld, config.url, config.lastImport])).toEqual([
      [".nu", "https://data.internetstiftelsen.se/bardate_domains_nu.json", null],
      [".se", "https://data.internetstiftelsen.se/bardate_domains.json", null],
    ]);
  });

  it.each([["se"], [".se"], [" SE "]])("adds a configuration, reading the TLD %j as .se", async (tld) => {
    const result = await addTldImport(handle().db, { tld, url: " https://example.se/lista.txt " });
    expect(result).toMatchObject({ ok: true, config: { tld: ".se", url: "https://example.se/lista.txt", lastImport: null } });
    expect(await listTldImports(handle().db)).toHaveLength(3);
  });

  it.each([
    [{ tld: "com", url: "https://example.se/a.json" }, { tld: "TLD must be se or nu" }],
    [{ tld: "", url: "https://example.se/a.json" }, { tld: "TLD must be se or nu" }],
    [{ tld: "se", url: "ftp://example.se/a.json" }, { url: "Data URL must be an http or https URL" }],
    [{ tld: "se", url: "inte en adress" }, { url: "Data URL must be an http or https URL" }],
    [
      { tld: undefined, url: undefined },
      { tld: "TLD must be se or nu", url: "Data URL must be an http or https URL" },
    ],
  ])("refuses %j with field errors", async (input, errors) => {
    expect(await addTldImport(handle().db, input)).toEqual({ ok: false, errors });
    expect(await listTldImports(handle().db)).toHaveLength(2);
  });
});
