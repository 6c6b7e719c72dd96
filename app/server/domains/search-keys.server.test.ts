import { expect, it } from "vitest";
import { nameSearchKeys } from "~/domain/search-keys";
import { toAscii, toUnicode } from "~/domain/names";
import { seededRandom } from "~/domain/seeded-random";
import { describeEachEngine } from "~tests/setup/test-db";

// Names with every kind of character a label can hold, and some it cannot (the
// function must still agree with the TypeScript one for any text).
const AWKWARD_LABELS = [
  "hund",
  "räksmörgås",
  "blåbär",
  "café",
  "über",
  "straße",
  "ærø",
  "bil-24",
  "a",
  "ab",
  "aa",
  "ж",
  "日本",
  "žluťoučký",
  "a\u{1F600}b",
  "ÿÿ",
];

function randomLabels(count: number): string[] {
  const next = seededRandom(7);
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-åäöéüžжß";
  return Array.from({ length: count }, () => {
    const length = 1 + Math.floor(next() * 20);
    return Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
  });
}

function asName(label: string, tld: string) {
  const ace = toAscii(`${label}${tld}`) ?? `${label}${tld}`;
  return { ace, unicode: toUnicode(ace), length: [...label].length };
}

describeEachEngine("domain_search_keys()", ({ handle }) => {
  it("gives the same keys as nameSearchKeys in app/domain for awkward and random names", async () => {
    const names = [...AWKWARD_LABELS, ...randomLabels(2000)].map((label, index) => asName(label, index % 2 ? ".nu" : ".se"));
    const rows = await handle().query<{ keys: number[] }>(
      `select domain_search_keys(u, a, l) as keys from unnest($1::text[], $2::text[], $3::int[]) with ordinality as n(u, a, l, position) order by position`,
      [names.map((name) => name.unicode), names.map((name) => name.ace), names.map((name) => name.length)],
    );
    expect(rows.map((row) => row.keys)).toEqual(names.map((name) => nameSearchKeys(name.unicode, name.ace, name.length)));
  });

  it("fills the keys of a row written without them, and recomputes them when the name changes", async () => {
    await handle().query("insert into domains (name, unicode_name, tld, status, length) values ('hund.se', 'hund.se', '.se', 'available', 4)");
    const [inserted] = await handle().query<{ keys: number[] }>("select search_keys as keys from domains where name = 'hund.se'");
    expect(inserted.keys).toEqual(nameSearchKeys("hund.se", "hund.se", 4));

    await handle().query("update domains set name = 'katt.se', unicode_name = 'katt.se' where name = 'hund.se'");
    const [renamed] = await handle().query<{ keys: number[] }>("select search_keys as keys from domains where name = 'katt.se'");
    expect(renamed.keys).toEqual(nameSearchKeys("katt.se", "katt.se", 4));

    await handle().query("update domains set search_keys = '{1,2,3}' where name = 'katt.se'");
    const [kept] = await handle().query<{ keys: number[] }>("select search_keys as keys from domains where name = 'katt.se'");
    expect(kept.keys).toEqual(nameSearchKeys("katt.se", "katt.se", 4));
  });

  it("keeps the keys a writer computed", async () => {
    const keys = nameSearchKeys("hund.se", "hund.se", 4);
    await handle().query(
      "insert into domains (name, unicode_name, tld, status, length, search_keys) values ('hund.se', 'hund.se', '.se', 'available', 4, $1)",
      [keys],
    );
    const [row] = await handle().query<{ keys: number[] }>("select search_keys as keys from domains");
    expect(row.keys).toEqual(keys);
  });

  it("is served by the GIN index", async () => {
    await handle().query(
      "insert into domains (name, unicode_name, tld, status, length) select 'n' || i || '.se', 'n' || i || '.se', '.se', 'available', char_length('n' || i) from generate_series(1, 3000) i",
    );
    await handle().query("vacuum analyze domains");
    await handle().query("set enable_seqscan = off");
    const plan = await handle().query<{ "QUERY PLAN": string }>("explain select name from domains where search_keys @> array[4 * 65536 + 49 * 256 + 50]");
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(/domains_search_keys_idx/);
  });
});
