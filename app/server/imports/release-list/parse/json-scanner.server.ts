// The tokens of JSON, checked exactly as JSON.parse checks them, for scanners
// that walk a large document without building its tree
// (scan-json-release-list.server.ts). Positions are UTF-16 indexes into the text.

export class JsonSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JsonSyntaxError";
  }
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
export const QUOTE = 0x22;
const PLUS = 0x2b;
const COMMA = 0x2c;
export const MINUS = 0x2d;
const DOT = 0x2e;
const COLON = 0x3a;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const UPPER_E = 0x45;
const LOWER_E = 0x65;
const LOWER_U = 0x75;
export const OPEN_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
export const CLOSE_BRACKET = 0x5d;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;

/** What the escape `\<char>` stands for, by the char's code; \u is handled apart. */
const ESCAPED: string[] = [];
for (const [char, meaning] of Object.entries({ '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" })) {
  ESCAPED[char.charCodeAt(0)] = meaning;
}

export const isDigit = (code: number) => code >= DIGIT_0 && code <= DIGIT_9;

// "| 0x20" lower-cases a letter.
const isHexDigit = (code: number) => isDigit(code) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x66);

/**
 * A position in a JSON text and the steps over its tokens; every step throws
 * JsonSyntaxError where JSON.parse would. Subclasses read the values they
 * need and skip the rest (skipValue).
 */
export class JsonScanner {
  pos = 0;

  constructor(protected readonly text: string) {}

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
  protected skipNumber() {
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
  protected readLiteral(): boolean | null {
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
