import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonSyntaxError } from "./json-scanner.server";
import { scanJsonReleaseList, type DataItemSink } from "./scan-json-release-list.server";

type RecordingSink = DataItemSink & { items: unknown[] };

function scan(text: string) {
  const sinks: RecordingSink[] = [];
  const result = scanJsonReleaseList(text, () => {
    const items: unknown[] = [];
    const sink = { items, item: (value: unknown) => void items.push(value) };
    sinks.push(sink);
    return sink;
  });
  return { result, sinks };
}

/** The items the scan handed over for the document's data array, or "other". */
function scannedData(text: string): unknown[] | "other" {
  const { result } = scan(text);
  return result.shape === "data-array" ? (result.sink as RecordingSink).items : "other";
}

/** What the scan should report, read off JSON.parse's tree. */
function parsedData(text: string): unknown[] | "other" {
  const document: unknown = JSON.parse(text);
  const isObject = typeof document === "object" && document !== null && !Array.isArray(document);
  const data = isObject ? (document as { data?: unknown }).data : undefined;
  return Array.isArray(data) ? data : "other";
}

function expectAgreement(text: string) {
  expect(scannedData(text)).toStrictEqual(parsedData(text));
}

function scanError(text: string): unknown {
  try {
    scan(text);
  } catch (error) {
    return error;
  }
  return undefined;
}

function parseThrows(text: string) {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

/** Both reject the text, and the scan says so with a JsonSyntaxError. */
function expectBothReject(text: string) {
  expect(parseThrows(text), `JSON.parse accepts ${JSON.stringify(text)}`).toBe(true);
  expect(scanError(text), `scan of ${JSON.stringify(text)}`).toBeInstanceOf(JsonSyntaxError);
}

describe("scanJsonReleaseList: shapes", () => {
  it("hands over the registry's items one by one", () => {
    const text = '{"data":[{"name":"exempel.se","release_at":"2021-08-10"},{"name":"kaffe.nu","release_at":"2021-08-11"}]}';
    const { result, sinks } = scan(text);
    expect(sinks).toHaveLength(1);
    expect(result).toEqual({ shape: "data-array", sink: sinks[0] });
    expect(sinks[0].items).toStrictEqual([
      { name: "exempel.se", release_at: "2021-08-10" },
      { name: "kaffe.nu", release_at: "2021-08-11" },
    ]);
  });

  it.each([
    [
      'other members before and after "data"',
      '{"meta":{"count":2,"data":[9]},"data":[{"name":"a.se"},{"name":"b.se"}],"tail":[1,{"x":null}]}',
    ],
    ["whitespace everywhere", ' \r\n\t{ "data" : [ { "name" : "a.se" , "release_at" : "2030-01-01" } , 7 ] } \n'],
    ["an empty data array", '{"data":[]}'],
    ["an empty data array with whitespace", '{"data":[ \n ]}'],
    ["items that are not objects", '{"data":["text",[1,[2]],{"nested":{"deep":[true,false,null]}},12.5,true,null,{}]}'],
    ["an item mixing flat and nested members", '{"data":[{"name":"a.se","tags":["x"],"release_at":"2030-01-01"}]}'],
    [
      "keys that start like the previous item's",
      '{"data":[{"name":1,"b":2},{"names":3,"b":4},{"nam":5},{"name\\u0073":6},{"b":7,"name":8}]}',
    ],
    ["repeated keys inside an item: the last wins", '{"data":[{"name":"a.se","name":"b.se"},{"a":1,"b":2,"a":{"c":3}}]}'],
    ["escapes", '{"data":["\\"\\\\\\/\\b\\f\\n\\r\\t","\\u0000\\u001f\\u00e5\\uD83D\\uDE00\\ud800 lone",{"k\\u00e9y":"v\\nw"}]}'],
    ["raw non-ASCII and lone surrogates in the text", '{"data":["räksmörgås \u{1F600} \uD800 \uDFFF"]}'],
    ["numbers", '{"data":[0,-0,1e400,-1e400,0.5E-3,1E+2,-12.25e-1,123456789012345678901234567890,5e-324,2.5e-324]}'],
    ['an escaped "data" key is still "data"', '{"d\\u0061ta":[1,2]}'],
    ["a bare array", '[{"data":[1]}]'],
    ["null", "null"],
    ["a number", " -1.5e3 "],
    ["a string", '"data"'],
    ["true", "true"],
    ['an object without "data"', '{"name":"a.se"}'],
    ["an empty object", "{}"],
    ['"data" that is an object', '{"data":{"0":{"name":"a.se"}}}'],
    ['"data" that is null', '{"data":null}'],
    ['"data" only inside an item or another member', '{"list":{"data":[1]},"items":[{"data":[2]}]}'],
    ['"data" as a string value', '{"key":"data","data2":[1]}'],
  ])("agrees with JSON.parse: %s", (_, text) => {
    expectAgreement(text);
  });

  it('feeds each array-valued "data" member to its own sink; the last one is the result', () => {
    const { result, sinks } = scan('{"data":[1,2],"x":0,"data":[{"a":3}]}');
    expect(sinks.map((sink) => sink.items)).toStrictEqual([[1, 2], [{ a: 3 }]]);
    expect(result.shape === "data-array" && result.sink).toBe(sinks[1]);
  });

  it('is "other" when the last "data" member is not an array, even after an array one', () => {
    const { result, sinks } = scan('{"data":[1],"data":{"a":[2]}}');
    expect(result).toEqual({ shape: "other" });
    expect(sinks.map((sink) => sink.items)).toStrictEqual([[1]]);
  });

  it("does not start a sink for a nested data array", () => {
    const { result, sinks } = scan('{"meta":{"data":[1]},"list":[{"data":[2]}]}');
    expect(result).toEqual({ shape: "other" });
    expect(sinks).toHaveLength(0);
  });

  it("keeps __proto__ as an own data property, as JSON.parse does", () => {
    for (const text of ['{"data":[{"__proto__":{"polluted":1},"name":"a.se"}]}', '{"data":[{"__proto__":"x","__proto__":null}]}']) {
      const [item] = scannedData(text) as object[];
      expect(item).toStrictEqual(parsedData(text)[0]);
      expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(item, "__proto__")).toEqual(
        Object.getOwnPropertyDescriptor((parsedData(text) as object[])[0], "__proto__"),
      );
    }
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
  });

  it("keeps -0 and Infinity as JSON.parse makes them", () => {
    const items = scannedData('{"data":[-0,{"n":-0},1e400,{"n":-1e400}]}') as [number, { n: number }, number, { n: number }];
    expect(Object.is(items[0], -0)).toBe(true);
    expect(Object.is(items[1].n, -0)).toBe(true);
    expect(items[2]).toBe(Infinity);
    expect(items[3].n).toBe(-Infinity);
  });
});

describe("scanJsonReleaseList: syntax errors", () => {
  it.each([
    ["trailing comma in an array", '{"data":[1,2,]}'],
    ["a key without its opening quote, in an item after one with that key", '{"data":[{"name":"a.se"},{Xname":"b.se"}]}'],
    ["trailing comma in an object", '{"data":[],}'],
    ["trailing comma in an item", '{"data":[{"a":1,}]}'],
    ["trailing comma in a skipped member", '{"x":{"a":[1,]}}'],
    ["a leading zero", '{"data":[01]}'],
    ["a leading zero in an item member", '{"data":[{"n":01}]}'],
    ["a plus sign", '{"data":[+1]}'],
    ["a bare fraction", '{"data":[.5]}'],
    ["a dot without digits", '{"data":[1.]}'],
    ["an exponent without digits", '{"data":[1e]}'],
    ["an exponent sign without digits", "1e+"],
    ["a lone minus", "-"],
    ["a hex number", "0x10"],
    ["NaN", "NaN"],
    ["Infinity", '{"x":Infinity}'],
    ["single quotes", "{'data':[]}"],
    ["a single-quoted value", "{\"data\":['a']}"],
    ["an unquoted key", "{data:[]}"],
    ["a raw newline in a string", '{"data":["a\nb"]}'],
    ["a raw tab in a key", '{"da\tta":[]}'],
    ["a raw NUL in a skipped string", '{"x":"\u0000"}'],
    ["an unknown escape", '{"data":["\\x41"]}'],
    ["a short unicode escape", '{"data":["\\u12"]}'],
    ["a non-hex unicode escape", '{"data":["\\u12g4"]}'],
    ["a unicode escape with a bad last digit", '{"data":["\\u123g"]}'],
    ["a unicode escape with a bad last digit in a skipped member", '{"x":"\\u123G"}'],
    ["a raw control character after an escape", '{"data":["a\\nb\tc"]}'],
    ["a raw control character after an escape in an item key", '{"data":[{"a\\"\u001f":1}]}'],
    ["an escaped single quote", '"\\\'"'],
    ["tru", '{"data":[tru]}'],
    ["nul at the end", "nul"],
    ["True", "True"],
    ["a missing colon", '{"data" []}'],
    ["an earlier item's escaped key written raw", '{"data":[{"a\\"b":1},{"a"b":2}]}'],
    ["a missing colon in an item", '{"data":[{"a" 1}]}'],
    ["a missing comma", '{"data":[1 2]}'],
    ["a missing comma between members", '{"a":1 "data":[]}'],
    ["two top-level values", '{"data":[]} {}'],
    ["two top-level scalars", "1 2"],
    ["an empty text", ""],
    ["only whitespace", " \n\t\r "],
    ["a lone }", "}"],
    ["a lone ]", "]"],
    ["a mismatched bracket", '{"x":[1}}'],
    ["an unterminated string", '{"data":["abc]}'],
    ["an unterminated key", '{"data'],
    ["a BOM before the document", '\uFEFF{"data":[]}'],
    ["a non-breaking space as whitespace", '{"data":\u00a0[]}'],
    ["a vertical tab as whitespace", '{"data":\u000b[]}'],
    ["a comment", '{"data":[] /* */}'],
    ["undefined", '{"data":[undefined]}'],
    ["a number key", "{1:2}"],
  ])("rejects %s", (_, text) => {
    expectBothReject(text);
  });

  it("rejects every truncation of a valid document", () => {
    const text =
      ' {"head":{"a":[1,-2.5e+3,true,false,null]},"data":[{"name":"a.se","release_at":"2030-01-01"},"\\u00e5\\n",[{}],{"x":{"y":[]}}],"tail":"t"} ';
    expectAgreement(text);
    for (let end = 0; end < text.trimEnd().length; end++) expectBothReject(text.slice(0, end));
  });

  it("says what is wrong and where", () => {
    expect(() => scan('{"data":[1,x]}')).toThrow('Unexpected character "x" at position 11');
    expect(() => scan('{"data":[1,')).toThrow("Unexpected end of JSON input");
    expect(() => scan('{"data":["a\nb"]}')).toThrow('Unexpected character "\\n" at position 11');
  });
});

describe("scanJsonReleaseList: deep nesting", () => {
  const depth = 100_000;

  it("validates a 100 000-deep member without overflowing the stack", () => {
    const text = `{"x":${"[".repeat(depth)}${"]".repeat(depth)},"y":${'{"a":'.repeat(depth)}1${"}".repeat(depth)},"data":[1]}`;
    expect(scannedData(text)).toStrictEqual([1]);
    expect(parsedData(text)).toStrictEqual([1]);
  });

  it("rejects a 100 000-deep member that is never closed", () => {
    expectBothReject(`{"x":${"[".repeat(depth)}`);
    expectBothReject(`{"x":${"[".repeat(depth)}${"]".repeat(depth - 1)},"data":[]}`);
    expectBothReject("[".repeat(depth));
  });

  it("materializes a 100 000-deep item", () => {
    const [item] = scannedData(`{"data":[${"[".repeat(depth)}${"]".repeat(depth)}]}`) as unknown[];
    let levels = 0;
    // Walked, not compared: a recursive deep-equal would overflow the stack itself.
    for (let value = item; Array.isArray(value); value = value[0]) levels++;
    expect(levels).toBe(depth);
  });
});

describe("scanJsonReleaseList: agreement with JSON.parse (properties)", () => {
  const jsonValue = fc.oneof(fc.jsonValue(), fc.jsonValue({ stringUnit: "binary" }));
  const indent = fc.constantFrom<string | number | undefined>(undefined, 2, "\t", "\r\n ");

  it('agrees on {"data": [...], "other": v} documents', () => {
    fc.assert(
      fc.property(fc.array(jsonValue, { maxLength: 8 }), jsonValue, indent, fc.boolean(), (items, other, space, otherFirst) => {
        const data = `[${items.map((item) => JSON.stringify(item, null, space)).join(",")}]`;
        const members = [`"data":${data}`, `"other":${JSON.stringify(other, null, space)}`];
        const text = `{${(otherFirst ? members.reverse() : members).join(",")}}`;
        expect(scannedData(text)).toStrictEqual(items.map((item) => JSON.parse(JSON.stringify(item))));
        expectAgreement(text);
      }),
      { numRuns: 300 },
    );
  });

  it("agrees on arbitrary documents", () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.json({ stringUnit: "binary" })), (text) => expectAgreement(text)),
      { numRuns: 500 },
    );
  });

  it("throws exactly when JSON.parse throws, on arbitrary strings", () => {
    const jsonish = fc.string({ unit: fc.constantFrom(...'{}[],:"\\ \t\n0123456789-+.eEtrufalsnx\u0000') });
    fc.assert(
      fc.property(fc.oneof(fc.string(), jsonish), (text) => {
        expect(scanError(text) !== undefined).toBe(parseThrows(text));
      }),
      { numRuns: 1000 },
    );
  });

  it("throws exactly when JSON.parse throws, on one-character mutations of valid JSON", () => {
    const validText = fc.oneof(
      fc.json(),
      fc.tuple(fc.array(fc.jsonValue(), { maxLength: 5 }), indent).map(([items, space]) => JSON.stringify({ data: items }, null, space)),
      // The registry's shape: items repeating the same keys (the scanner reuses keys it has seen).
      fc
        .tuple(fc.array(fc.record({ name: fc.string(), release_at: fc.string() }), { minLength: 2, maxLength: 4 }), indent)
        .map(([items, space]) => JSON.stringify({ data: items }, null, space)),
    );
    const character = fc.oneof(
      fc.constantFrom(...'{}[],:"\\ \t\n\r0-+.eEtfnu\u0000\u001f\u00a0'),
      fc.string({ minLength: 1, maxLength: 1 }),
    );
    const mutation = fc.record({ kind: fc.constantFrom("delete", "insert", "replace"), at: fc.nat(), character });
    fc.assert(
      fc.property(validText, mutation, (text, { kind, at, character }) => {
        const i = at % (text.length + 1);
        const mutated =
          kind === "insert"
            ? text.slice(0, i) + character + text.slice(i)
            : text.slice(0, i) + (kind === "replace" ? character : "") + text.slice(i + 1);
        const error = scanError(mutated);
        expect(error === undefined ? undefined : error instanceof JsonSyntaxError).toBe(parseThrows(mutated) ? true : undefined);
        if (error === undefined) expectAgreement(mutated);
      }),
      { numRuns: 2000 },
    );
  });
});
