import fc from "fast-check";

/** Any code point, lone surrogates and control characters included. */
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code));

/** Pieces that sit near the edges of names, IDN and URLs. */
const FRAGMENTS = [
  ".", "..", "-", "--", "xn--", "xn--a", ".se", ".nu", ".com", "%", "%00", "%2e", "%ff", "/", "\\", "?", "#", "&", "=", "+",
  "\u0000", "\r\n", "\t", "\u200b", "\u00ad", "\ufeff", "\u202e", "\ud800", "\udfff", "ß", "ö", "Ä", "ﬀ", "İ", "ǅ", "\u0301",
  "<script>alert(1)</script>", "'; drop table domains; --", "${7*7}", "{{7*7}}", "räksmörgås", "a".repeat(64), "1e9", "-1", "NaN",
];

/**
 * Strings people and programs could send: random Unicode (control characters,
 * unpaired surrogates), edge-case fragments glued together, domain-looking
 * text, and now and then something very long.
 */
export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: anyCodePoint, maxLength: 80 }) },
    { weight: 3, arbitrary: fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 8 }).map((parts) => parts.join("")) },
    { weight: 2, arbitrary: fc.tuple(fc.string({ unit: "grapheme", maxLength: 30 }), fc.constantFrom(".se", ".nu", ".com", "")).map(([name, tld]) => name + tld) },
    { weight: 2, arbitrary: fc.domain() },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1000, maxLength: 20_000 }) },
  );
}
