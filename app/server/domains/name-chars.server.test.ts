import { expect, it } from "vitest";
import { NAME_CHAR_BITS, nameCharBits } from "~/domain/name-chars";
import { toAscii } from "~/domain/names";
import { seededRandom } from "~/domain/seeded-random";
import { describeEachEngine } from "~tests/setup/test-db";

// Every kind of character a label can hold, and some it cannot: the function
// must agree with the TypeScript one for any text, dots in odd places included.
const AWKWARD_NAMES = [
  "hund.se",
  "räksmörgås.se",
  "bil-24.nu",
  "24.se",
  "-.se",
  "1-2.se",
  "a.b.se",
  "12.a.se",
  ".se",
  "",
  "noll",
  "a\u{1F600}b.se",
  "日本.nu",
  "xn--rksmrgs-5wao1o.se",
  "0",
  "-",
  "9-a",
];

function randomTexts(count: number): string[] {
  const next = seededRandom(11);
  const alphabet = "abcz0189-.åäöéжß\u{1F600}";
  const characters = [...alphabet];
  return Array.from({ length: count }, () => {
    const length = Math.floor(next() * 12);
    return Array.from({ length }, () => characters[Math.floor(next() * characters.length)]).join("");
  });
}

describeEachEngine("domain_name_chars()", ({ handle }) => {
  it("gives the same bits as nameCharBits in app/domain for awkward and random names", async () => {
    const unicodeNames = [...AWKWARD_NAMES, ...randomTexts(3000)];
    const aceNames = unicodeNames.map((name, index) => (index % 3 === 0 ? (toAscii(name) ?? name) : name));
    const rows = await handle().query<{ bits: number }>(
      `select domain_name_chars(u, a) as bits from unnest($1::text[], $2::text[]) with ordinality as n(u, a, position) order by position`,
      [unicodeNames, aceNames],
    );
    expect(rows.map((row) => row.bits)).toEqual(unicodeNames.map((name, index) => nameCharBits(name, aceNames[index])));
  });

  it("fills the bits of a row written without them, and recomputes them when the name changes", async () => {
    const bitsOf = async (name: string) =>
      (await handle().query<{ bits: number }>("select name_chars as bits from domains where name = $1", [name]))[0].bits;
    await handle().query(
      "insert into domains (name, unicode_name, tld, status, length) values ('hund.se', 'hund.se', '.se', 'available', 4)",
    );
    expect(await bitsOf("hund.se")).toBe(nameCharBits("hund.se", "hund.se"));

    await handle().query("update domains set name = 'bil-24.se', unicode_name = 'bil-24.se' where name = 'hund.se'");
    expect(await bitsOf("bil-24.se")).toBe(nameCharBits("bil-24.se", "bil-24.se"));

    await handle().query("update domains set name_chars = 0 where name = 'bil-24.se'");
    expect(await bitsOf("bil-24.se")).toBe(nameCharBits("bil-24.se", "bil-24.se"));
  });

  it("keeps the bits a writer computed", async () => {
    await handle().query(
      "insert into domains (name, unicode_name, tld, status, length, name_chars) values ('hund.se', 'hund.se', '.se', 'available', 4, $1)",
      [nameCharBits("hund.se", "hund.se")],
    );
    const [row] = await handle().query<{ bits: number }>("select name_chars as bits from domains");
    expect(row.bits).toBe(NAME_CHAR_BITS.letters);
  });
});
