// A release list is one object whose "data" array holds ~500 000 small items.
// JSON.parse would build the whole tree (~55 MB of heap for a 26 MB list)
// before any item is looked at; this scanner walks the text once and hands the
// items over one by one, so only the item being handled is alive. It accepts
// and rejects exactly what JSON.parse does; the tests hold it to that.

/** Receives the items of one top-level "data" array, in order. */
export type DataItemSink = { item(value: unknown): void };

export type ScanResult<Sink extends DataItemSink = DataItemSink> =
  /** The document is an object whose last "data" member is an array; `sink` received that array's items. */
  | { shape: "data-array"; sink: Sink }
  /** Valid JSON of any other shape. */
  | { shape: "other" };

export class JsonSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JsonSyntaxError";
  }
}

/**
 * Scans `text` (a whole JSON document) and throws JsonSyntaxError exactly when
 * JSON.parse(text) would throw. Each time a member named "data" of the
 * top-level object begins whose value is an array, calls `startData()` and
 * feeds that array's elements, as JSON.parse would build them, to the sink it
 * returns. Later duplicate keys win, as in JSON.parse: only the last "data"
 * member decides the shape.
 */
export function scanJsonReleaseList<Sink extends DataItemSink>(text: string, startData: () => Sink): ScanResult<Sink> {
  const scanner = new Scanner(text);
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

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const PLUS = 0x2b;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const COLON = 0x3a;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const UPPER_E = 0x45;
const LOWER_E = 0x65;
const LOWER_U = 0x75;
const OPEN_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** What the escape `\<char>` stands for, by the char's code; \u is handled apart. */
const ESCAPED: string[] = [];
for (const [char, meaning] of Object.entries({ '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" })) {
  ESCAPED[char.charCodeAt(0)] = meaning;
}

/** Returned by the fast paths for a nested object or array, which the general path then takes over. */
const NESTED = Symbol("nested");

// Keys past this many members in one item are not cached: such items are not the registry's shape.
const CACHED_KEY_SLOTS = 16;

const isDigit = (code: number) => code >= DIGIT_0 && code <= DIGIT_9;

// "| 0x20" lower-cases a letter.
const isHexDigit = (code: number) => isDigit(code) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x66);

class Scanner {
  pos = 0;
  /**
   * The keys last seen at each member index of an item, interned: the items
   * repeat the same few keys, and reusing one interned string spares the
   * slicing and the string-table lookup that a fresh key costs on every store.
   */
  private readonly keyCache: (string | undefined)[] = [];

  constructor(private readonly text: string) {}

  fail(position: number): never {
    throw new JsonSyntaxError(
      position >= this.text.length
        ? "Unexpected end of JSON input"
        : `Unexpected character ${JSON.stringify(this.text[position])} at position ${position}`,
    );
  }

  /** Consumes the opener at `pos` and the whitespace after it; true if the closer follows at once (consumed too). */
  open(closer: number): boolean {
    this.pos++;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) !== closer) return false;
    this.pos++;
    return true;
  }

  /** After an element: true past the container's closer, false past a comma and the whitespace after it. */
  next(closer: number): boolean {
    this.skipWhitespace();
    const code = this.text.charCodeAt(this.pos++);
    if (code === closer) return true;
    if (code !== COMMA) this.fail(this.pos - 1);
    this.skipWhitespace();
    return false;
  }

  /** The colon after a key, with the whitespace around it. */
  colon() {
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) !== COLON) this.fail(this.pos);
    this.pos++;
    this.skipWhitespace();
  }

  expectEnd() {
    this.skipWhitespace();
    if (this.pos < this.text.length) this.fail(this.pos);
  }

  skipWhitespace() {
    const text = this.text;
    let i = this.pos;
    let code = text.charCodeAt(i);
    while (code === SPACE || code === LINE_FEED || code === CARRIAGE_RETURN || code === TAB) code = text.charCodeAt(++i);
    this.pos = i;
  }

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

  /** The string whose opening quote is at `pos`, decoded. */
  readString(): string {
    const text = this.text;
    if (text.charCodeAt(this.pos) !== QUOTE) this.fail(this.pos);
    const start = this.pos + 1;
    for (let i = start; ; i++) {
      const code = text.charCodeAt(i);
      if (code === QUOTE) {
        this.pos = i + 1;
        return text.slice(start, i);
      }
      if (code === BACKSLASH) return this.readEscapedString(start, i);
      // Also catches the end of the text, where charCodeAt gives NaN.
      if (!(code >= SPACE)) this.fail(i);
    }
  }

  private readEscapedString(start: number, firstBackslash: number): string {
    const text = this.text;
    let decoded = "";
    let chunkStart = start;
    for (let i = firstBackslash; ;) {
      const code = text.charCodeAt(i);
      if (code === QUOTE) {
        this.pos = i + 1;
        return decoded + text.slice(chunkStart, i);
      }
      if (code === BACKSLASH) {
        const end = this.escapeEnd(i);
        const escaped = text.charCodeAt(i + 1);
        decoded += text.slice(chunkStart, i);
        decoded += escaped === LOWER_U ? String.fromCharCode(parseInt(text.slice(i + 2, end), 16)) : ESCAPED[escaped];
        i = chunkStart = end;
        continue;
      }
      if (!(code >= SPACE)) this.fail(i);
      i++;
    }
  }

  /** Validates the escape whose backslash is at `i`; returns where it ends. */
  private escapeEnd(i: number): number {
    const text = this.text;
    const escaped = text.charCodeAt(i + 1);
    if (escaped === LOWER_U) {
      for (let k = i + 2; k < i + 6; k++) if (!isHexDigit(text.charCodeAt(k))) this.fail(k);
      return i + 6;
    }
    if (ESCAPED[escaped] === undefined) this.fail(i + 1);
    return i + 2;
  }

  /** -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
  private skipNumber() {
    const text = this.text;
    let i = this.pos;
    if (text.charCodeAt(i) === MINUS) i++;
    const first = text.charCodeAt(i);
    if (first === DIGIT_0) i++;
    else if (first > DIGIT_0 && first <= DIGIT_9) i = this.skipDigits(i + 1);
    else this.fail(i);
    if (text.charCodeAt(i) === DOT) i = this.skipDigits(this.requireDigit(i + 1));
    const exponent = text.charCodeAt(i);
    if (exponent === LOWER_E || exponent === UPPER_E) {
      const sign = text.charCodeAt(++i);
      if (sign === PLUS || sign === MINUS) i++;
      i = this.skipDigits(this.requireDigit(i));
    }
    this.pos = i;
  }

  private requireDigit(i: number): number {
    if (!isDigit(this.text.charCodeAt(i))) this.fail(i);
    return i + 1;
  }

  private skipDigits(i: number): number {
    while (isDigit(this.text.charCodeAt(i))) i++;
    return i;
  }

  /** true, false or null at `pos`. */
  private readLiteral(): boolean | null {
    const text = this.text;
    const start = this.pos;
    const first = text[start];
    const literal = first === "t" ? "true" : first === "f" ? "false" : first === "n" ? "null" : "";
    if (literal === "") this.fail(start);
    for (let k = 1; k < literal.length; k++) if (text.charCodeAt(start + k) !== literal.charCodeAt(k)) this.fail(start + k);
    this.pos = start + literal.length;
    return literal === "null" ? null : literal === "true";
  }

  /**
   * Validates the value at `pos` and moves past it. The open containers are an
   * explicit stack, not recursion, so a hostile 100 000-deep document cannot
   * overflow the call stack.
   */
  skipValue() {
    const text = this.text;
    const openObjects: boolean[] = [];
    for (;;) {
      this.skipWhitespace();
      const code = text.charCodeAt(this.pos);
      if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        const isObject = code === OPEN_BRACE;
        if (!this.open(isObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
          openObjects.push(isObject);
          if (isObject) this.skipKeyAndColon();
          continue;
        }
      } else if (code === QUOTE) this.readString();
      else if (code === MINUS || isDigit(code)) this.skipNumber();
      else this.readLiteral();
      // A value is complete: close containers until one wants another value.
      for (;;) {
        if (openObjects.length === 0) return;
        const inObject = openObjects[openObjects.length - 1];
        if (!this.next(inObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
          if (inObject) this.skipKeyAndColon();
          break;
        }
        openObjects.pop();
      }
    }
  }

  private skipKeyAndColon() {
    this.readString();
    this.colon();
  }
}
