import { expect, it } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import { arrayLiteral, bulkArrayEncoder } from "./array-literal.server";

const AWKWARD = ["hund.se", "räksmörgås.se", "", "NULL", "null", "a,b", "{x}", 'say "hi"', "back\\slash", " spaced ", "tab\there", "line\nbreak", "日本", "😀"];

describeEachEngine("bulk array parameters", ({ handle }) => {
  const encode = () => bulkArrayEncoder(handle().kind);

  it("read back as the same text values, nulls included", async () => {
    const values = [...AWKWARD, null];
    const [row] = await handle().query<{ values: (string | null)[] }>("select $1::text[] as values", [encode()("text", values)]);
    expect(row.values).toEqual(values);
  });

  it("read back integers, negative, large and null, and text cast to dates", async () => {
    const [row] = await handle().query<{ numbers: number[]; dates: string[] }>(
      "select $1::int[] as numbers, ($2::text[]::date[])::text[] as dates",
      [encode()("int4", [1, null, -3, 0, 65_536, 2_147_483_647]), encode()("text", ["2031-01-01", "2031-12-31"])],
    );
    expect(row).toEqual({ numbers: [1, null, -3, 0, 65_536, 2_147_483_647], dates: ["2031-01-01", "2031-12-31"] });
  });

  it("send an empty array", async () => {
    const [row] = await handle().query<{ texts: string[]; numbers: number[] }>("select $1::text[] as texts, $2::int[] as numbers", [
      encode()("text", []),
      encode()("int4", []),
    ]);
    expect(row).toEqual({ texts: [], numbers: [] });
  });
});

it("writes a literal that quotes only what needs it", () => {
  expect(arrayLiteral(["hund.se", "a b", null, 7])).toBe('{hund.se,"a b",NULL,7}');
});

it("sends binary arrays to a PostgreSQL server and text literals to PGlite", () => {
  expect(Buffer.isBuffer(bulkArrayEncoder("postgres")("int4", [1]))).toBe(true);
  expect(bulkArrayEncoder("pglite")("int4", [1])).toBe("{1}");
});
