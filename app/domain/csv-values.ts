// How the site's CSV files spell values (docs/product.md, "Downloads"): one
// spelling of yes and no in every file, and decimals with a comma in the
// files written for Swedish Excel, which reads "7.9" as text or a date.

/** Yes and no in every CSV (and in the table a statistics CSV repeats): "ja", "nej". */
export function yesNo(value: boolean): "ja" | "nej" {
  return value ? "ja" : "nej";
}

/**
 * A number as Swedish Excel reads it: no thousands separators, a decimal
 * comma ("7,9"), a hyphen-minus for negatives; whole numbers as written.
 */
export function excelNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  if (Number.isInteger(value)) return BigInt(value).toString();
  const text = String(value);
  if (!text.includes("e")) return text.replace(".", ",");
  // A tiny number prints as "1.5e-7", which Excel does not read as a number: its digits written out.
  const [mantissa, exponent] = text.split("e");
  const decimals = (mantissa.split(".")[1]?.length ?? 0) - Number(exponent);
  return value.toFixed(Math.min(100, decimals)).replace(".", ",");
}
