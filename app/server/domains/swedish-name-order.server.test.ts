import { expect, it } from "vitest";
import { compareCodePoints, swedishSortKey, SWEDISH_SORT_KEY_TABLE } from "~/domain/swedish-order";
import { describeEachEngine } from "~tests/setup/test-db";

// Every rewritten character, characters the table leaves alone (other scripts, beyond
// U+FFFF, near the replacement characters) and look-alikes of the key's own characters.
const AWKWARD = [
  ...Object.keys(SWEDISH_SORT_KEY_TABLE).map((character) => `ab${character}c.se`),
  "räksmörgås.se",
  "blåbärsskogen.nu",
  "cafe.se",
  "café.se",
  "straße.nu",
  "strasse.nu",
  "ærø.nu",
  "þing.nu",
  "bil.se",
  "bil-tvätt.se",
  "bil24.se",
  "bil10.se",
  "bila.se",
  "bil{.se",
  "bil|.se",
  "bil}.se",
  "bil .se",
  "ab.nu",
  "ab.se",
  "a-b.se",
  "0.se",
  "9.se",
  "z.se",
  "ɛ.nu",
  "ж.nu",
  "日本.nu",
  "\u{1F600}.nu",
  "\uFFFD.nu",
  "\uE000.nu",
  "ÅÄÖ.se",
  "",
];

describeEachEngine("swedish_sort_key()", ({ handle }) => {
  it("writes the same key as swedishSortKey for every character it rewrites and many it does not", async () => {
    const rows = await handle().query<{ value: string; key: string }>(
      "select value, swedish_sort_key(value) as key from unnest($1::text[]) as value",
      [AWKWARD],
    );
    expect(rows.map((row) => [row.value, row.key])).toEqual(AWKWARD.map((value) => [value, swedishSortKey(value)]));
  });

  it("orders names in the database exactly as compareCodePoints orders the TypeScript keys", async () => {
    const rows = await handle().query<{ value: string }>(
      `select value from unnest($1::text[]) as value order by swedish_sort_key(value) collate "C", value collate "C"`,
      [AWKWARD],
    );
    const expected = [...AWKWARD].sort((a, b) => compareCodePoints(swedishSortKey(a), swedishSortKey(b)) || compareCodePoints(a, b));
    expect(rows.map((row) => row.value)).toEqual(expected);
  });
});
