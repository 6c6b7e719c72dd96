// A release list is one object whose "data" array holds ~500 000 small items.
// JSON.parse would build the whole tree (~55 MB of heap for a 26 MB list)
// before any item is looked at; this scanner walks the text once and hands the
// items over one by one, so only the item being handled is alive. It accepts
// and rejects exactly what JSON.parse does; the tests hold it to that.

import { CLOSE_BRACE, CLOSE_BRACKET, MINUS, OPEN_BRACE, OPEN_BRACKET, QUOTE, isDigit, JsonScanner } from "./json-scanner.server";

/** Receives the items of one top-level "data" array, in order. */
export type DataItemSink = { item(value: unknown): void };

export type ScanResult<Sink extends DataItemSink = DataItemSink> =
  /** The document is an object whose last "data" member is an array; `sink` received that array's items. */
  | { shape: "data-array"; sink: Sink }
  /** Valid JSON of any other shape. */
  | { shape: "other" };

/**
 * Scans `text` (a whole JSON document) and throws JsonSyntaxError exactly when
 * JSON.parse(text) would throw. Each time a member named "data" of the
 * top-level object begins whose value is an array, calls `startData()` and
 * feeds that array's elements, as JSON.parse would build them, to the sink it
 * returns. Later duplicate keys win, as in JSON.parse: only the last "data"
 * member decides the shape.
 */
export function scanJsonReleaseList<Sink extends DataItemSink>(text: string, startData: () => Sink): ScanResult<Sink> {
  const scanner = new ReleaseListScanner(text);
  scanner.skipWhitespace();
  if (text.charCodeAt(scanner.pos) !== OPEN_BRACE) {
    scanner.skipValue();
    scanner.expectEnd();
    return { shape: "other" };
  }
  let lastData: Sink | null = null;
  for (let end = scanner.open(CLOSE_BRACE); !end; end = scanner.next(CLOSE_BRACE)) {
    const key = scanner.readString();
    scanner.colon();
    if (key === "data" && text.charCodeAt(scanner.pos) === OPEN_BRACKET) {
      lastData = startData();
      scanner.feedArray(lastData);
    } else {
      if (key === "data") lastData = null;
      scanner.skipValue();
    }
  }
  scanner.expectEnd();
  return lastData ? { shape: "data-array", sink: lastData } : { shape: "other" };
}

/** Returned by the fast paths for a nested object or array, which the general path then takes over. */
const NESTED = Symbol("nested");

// Keys past this many members in one item are not cached: such items are not the registry's shape.
const CACHED_KEY_SLOTS = 16;

class ReleaseListScanner extends JsonScanner {
  /**
   * The keys last seen at each member index of an item, interned: the items
   * repeat the same few keys, and reusing one interned string spares the
   * slicing and the string-table lookup that a fresh key costs on every store.
   */
  private readonly keyCache: (string | undefined)[] = [];

  /** Feeds the elements of the array at `pos` to `sink`, one at a time. */
  feedArray(sink: DataItemSink) {
    for (let end = this.open(CLOSE_BRACKET); !end; end = this.next(CLOSE_BRACKET)) sink.item(this.readItem());
  }

  private readItem(): unknown {
    const start = this.pos;
    const value = this.text.charCodeAt(start) === OPEN_BRACE ? this.readFlatObject() : this.readPrimitive();
    if (value !== NESTED) return value;
    // Rare in a release list: validated first, so JSON.parse cannot fail (or differ) on the slice.
    this.pos = start;
    this.skipValue();
    return JSON.parse(this.text.slice(start, this.pos));
  }

  /** An object of primitives, built directly; NESTED if a member holds an object or array. */
  private readFlatObject(): Record<string, unknown> | typeof NESTED {
    const item: Record<string, unknown> = {};
    for (let member = 0, end = this.open(CLOSE_BRACE); !end; member++, end = this.next(CLOSE_BRACE)) {
      const key = this.readKey(member);
      this.colon();
      const value = this.readPrimitive();
      if (value === NESTED) return NESTED;
      // Assigning would set the prototype instead; JSON.parse makes it an own property.
      if (key === "__proto__") Object.defineProperty(item, key, { value, writable: true, enumerable: true, configurable: true });
      else item[key] = value;
    }
    return item;
  }

  private readKey(member: number): string {
    const text = this.text;
    const start = this.pos;
    const cached = this.keyCache[member];
    // A cached key holds no quote or backslash, so the same characters followed by a quote are that key.
    if (
      cached !== undefined &&
      text.charCodeAt(start) === QUOTE &&
      text.charCodeAt(start + 1 + cached.length) === QUOTE &&
      text.startsWith(cached, start + 1)
    ) {
      this.pos = start + cached.length + 2;
      return cached;
    }
    const key = this.readString();
    if (member < CACHED_KEY_SLOTS && this.pos - start === key.length + 2) {
      this.keyCache[member] = Object.keys({ [key]: null })[0];
    }
    return key;
  }

  private readPrimitive(): unknown {
    const text = this.text;
    const start = this.pos;
    const code = text.charCodeAt(start);
    if (code === QUOTE) return this.readString();
    if (code === OPEN_BRACE || code === OPEN_BRACKET) return NESTED;
    if (code === MINUS || isDigit(code)) {
      this.skipNumber();
      // Number() and JSON.parse round a valid JSON number alike (-0 and 1e400 included).
      return Number(text.slice(start, this.pos));
    }
    return this.readLiteral();
  }
}
