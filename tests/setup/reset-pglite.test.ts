import { describe, expect, it } from "vitest";
import { createTestDatabase, releaseTestDatabase } from "./test-db";

describe("a finished test's PGlite, wiped for the next", () => {
  it("comes back with the template's rows and sequences, and the next test gets it", async () => {
    const first = await createTestDatabase("pglite");
    const seeded = await first.query<{ count: number }>("select count(*)::int as count from tld_imports");
    await first.query("insert into domains (name, unicode_name, tld, status, length) values ('exempel.se', 'exempel.se', '.se', 'available', 7)");
    await first.query("set statement_timeout = 1234");
    await first.query("delete from tld_imports");
    await releaseTestDatabase(first);
    const second = await createTestDatabase("pglite");
    expect(second).toBe(first);
    expect(await second.query("select name from domains")).toEqual([]);
    expect(await second.query<{ count: number }>("select count(*)::int as count from tld_imports")).toEqual(seeded);
    expect((await second.query<{ statement_timeout: string }>("show statement_timeout"))[0]!.statement_timeout).toBe("0");
    await second.close();
  });

  it("is closed instead when the test changed the schema or gathered statistics", async () => {
    const altered = await createTestDatabase("pglite");
    await altered.query("create table stray (id int)");
    await releaseTestDatabase(altered);
    expect(altered.pglite!.closed).toBe(true);

    const analyzed = await createTestDatabase("pglite");
    expect(analyzed).not.toBe(altered);
    await analyzed.query("insert into domains (name, unicode_name, tld, status, length) values ('exempel.se', 'exempel.se', '.se', 'available', 7)");
    await analyzed.query("analyze domains");
    await releaseTestDatabase(analyzed);
    expect(analyzed.pglite!.closed).toBe(true);
  });
});
