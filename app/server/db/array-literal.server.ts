/**
 * Array parameters for the import's bulk statements (tens of thousands of
 * values each), cast in SQL (`$1::text[]`, `$2::int[]`).
 *
 * How they are sent decides the import's memory. Any array sent as text
 * becomes one string of megabytes per statement; V8 keeps strings that large
 * in its large-object space until a full collection, which an import's steady
 * allocation rarely triggers, so 500,000 names left 200 MB of dead strings
 * behind (measured). To PostgreSQL the arrays therefore go in the binary
 * array format, in Buffers: their bytes live outside the JavaScript heap and
 * are freed as soon as the small Buffer object is, and the server reads them
 * without parsing text. PGlite runs in this process and takes text: a literal
 * made with one join.
 */
import type { DatabaseHandle } from "./client.server";

export type ArrayElementType = "text" | "int4";

/** The element types' OIDs, which the binary format names (pg_type). */
const ELEMENT_OID: Record<ArrayElementType, number> = { text: 25, int4: 23 };

/** Values of an array parameter: a list, or for integers also an Int32Array (kept outside the JavaScript heap). */
export type BulkArrayValues = readonly (string | number | null)[] | Int32Array;

export type BulkArrayEncoder = (type: ArrayElementType, values: BulkArrayValues) => Buffer | string;

/** The encoder for this engine: binary for a PostgreSQL server, a text literal for PGlite. */
export function bulkArrayEncoder(kind: DatabaseHandle["kind"]): BulkArrayEncoder {
  return kind === "postgres" ? binaryArray : (_type, values) => arrayLiteral(values);
}

/** PostgreSQL's binary array format (array_recv): a one-dimensional array of int4 or text. */
export function binaryArray(type: ArrayElementType, values: BulkArrayValues): Buffer {
  let size = 20;
  let hasNull = 0;
  if (type === "int4" && values instanceof Int32Array) {
    size += 8 * values.length;
  } else {
    for (const value of values) {
      if (value === null) hasNull = 1;
      size += 4 + (value === null ? 0 : type === "int4" ? 4 : Buffer.byteLength(String(value)));
    }
  }
  const buffer = Buffer.allocUnsafe(size);
  let offset = buffer.writeInt32BE(1, 0); // dimensions
  offset = buffer.writeInt32BE(hasNull, offset);
  offset = buffer.writeInt32BE(ELEMENT_OID[type], offset);
  offset = buffer.writeInt32BE(values.length, offset);
  offset = buffer.writeInt32BE(1, offset); // lower bound
  for (const value of values) {
    if (value === null) {
      offset = buffer.writeInt32BE(-1, offset);
    } else if (type === "int4") {
      offset = buffer.writeInt32BE(4, offset);
      offset = buffer.writeInt32BE(value as number, offset);
    } else {
      const written = buffer.write(String(value), offset + 4);
      buffer.writeInt32BE(written, offset);
      offset += 4 + written;
    }
  }
  return buffer;
}

/** A PostgreSQL array literal ("{a,b,NULL}"); an element is quoted only when it has to be (a domain name never is). */
export function arrayLiteral(values: BulkArrayValues): string {
  return values instanceof Int32Array ? `{${values.join(",")}}` : `{${values.map(element).join(",")}}`;
}

const NEEDS_QUOTES = /[{}",\\\s]|^null$|^$/i;

function element(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/[\\"]/g, "\\$&")}"` : value;
}
