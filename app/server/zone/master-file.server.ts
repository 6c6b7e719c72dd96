/**
 * A streaming reader of RFC 1035 master files (section 5): records one at a
 * time, as the lines come, so a zone file of gigabytes costs the memory of one
 * record. It knows the format, not the records: owner names made absolute
 * ($ORIGIN, "@", relative names, an omitted owner meaning the previous one),
 * the TTL and class in either order or left out, parentheses across lines,
 * comments, quoted strings with escapes. The record data stays as tokens for
 * the caller; names in it are made absolute with `absoluteName`.
 */

export type MasterFileRecord = {
  /** Absolute, lower case, without the trailing dot ("example.se"); special characters escaped (\. \\ \DDD). */
  owner: string;
  /** Upper case ("NS"); an RFC 3597 TYPEnn of a known type is given its mnemonic. */
  type: string;
  /** The record data's tokens, quotes removed, escapes kept. */
  rdata: string[];
  /** The file's current $ORIGIN, to make names in `rdata` absolute. */
  origin: string;
  /** The line the record begins on (1-based). */
  line: number;
};

export class MasterFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = "MasterFileError";
  }
}

const CLASSES = new Set(["IN", "CH", "CS", "HS"]);
const TTL = /^(?:\d+|(?:\d+[wdhms])+)$/i;
const NUMBERED_TYPES: Record<string, string> = {
  TYPE2: "NS",
  TYPE6: "SOA",
  TYPE43: "DS",
  TYPE46: "RRSIG",
  TYPE47: "NSEC",
  TYPE50: "NSEC3",
};
/** A line the fast path can split on whitespace: no quotes, escapes, parentheses or comments. */
const SPECIAL = /["\\();]/;

/** Reads the records of a master file from its lines; `origin` is the zone's name ("se"). */
export async function* parseMasterFile(lines: AsyncIterable<string>, origin: string): AsyncGenerator<MasterFileRecord> {
  let currentOrigin = normalizeOrigin(origin);
  let previousOwner: string | null = null;
  let lineNumber = 0;
  let entry: { tokens: string[]; ownerOmitted: boolean; line: number } | null = null;
  let depth = 0;

  for await (const line of lines) {
    lineNumber += 1;
    if (entry === null) entry = { tokens: [], ownerOmitted: line.length > 0 && (line[0] === " " || line[0] === "\t"), line: lineNumber };
    if (depth === 0 && !SPECIAL.test(line)) {
      for (const token of line.split(/[ \t\r]+/)) if (token) entry.tokens.push(token);
    } else {
      depth = tokenize(line, entry.tokens, depth, lineNumber);
    }
    if (depth > 0) continue;
    const { tokens, ownerOmitted, line: startLine } = entry;
    entry = null;
    if (tokens.length === 0) continue;

    if (!ownerOmitted && tokens[0].startsWith("$")) {
      currentOrigin = directive(tokens, currentOrigin, startLine);
      continue;
    }
    let index = 0;
    let owner: string;
    if (ownerOmitted) {
      if (previousOwner === null) throw new MasterFileError(startLine, "a record without an owner name before any owner was given.");
      owner = previousOwner;
    } else {
      owner = absoluteName(tokens[0], currentOrigin);
      index = 1;
    }
    previousOwner = owner;
    // The TTL and the class may each come first, or be left out (RFC 1035 5.1).
    for (let seen = 0; seen < 2 && index < tokens.length; seen += 1) {
      const token = tokens[index].toUpperCase();
      if (TTL.test(token) || CLASSES.has(token) || /^CLASS\d+$/.test(token)) index += 1;
      else break;
    }
    if (index >= tokens.length) throw new MasterFileError(startLine, `the record of ${owner || "."} has no type.`);
    const rawType = tokens[index].toUpperCase();
    yield { owner, type: NUMBERED_TYPES[rawType] ?? rawType, rdata: tokens.slice(index + 1), origin: currentOrigin, line: startLine };
  }
  if (depth > 0 && entry) throw new MasterFileError(entry.line, "a parenthesis opened here is never closed (the file is cut off?).");
}

function directive(tokens: string[], origin: string, line: number): string {
  const name = tokens[0].toUpperCase();
  if (name === "$ORIGIN") {
    if (!tokens[1]) throw new MasterFileError(line, "$ORIGIN without a name.");
    return absoluteName(tokens[1], origin);
  }
  if (name === "$TTL") {
    if (!tokens[1] || !TTL.test(tokens[1])) throw new MasterFileError(line, "$TTL without a valid TTL.");
    return origin;
  }
  if (name === "$INCLUDE") throw new MasterFileError(line, "$INCLUDE is not supported; give one file with the whole zone.");
  throw new MasterFileError(line, `the directive ${tokens[0]} is not supported.`);
}

/** Splits one line into tokens (appended to `tokens`); returns the parenthesis depth after it. */
function tokenize(line: string, tokens: string[], startDepth: number, lineNumber: number): number {
  let depth = startDepth;
  let token = "";
  let inToken = false;
  const end = () => {
    if (inToken) tokens.push(token);
    token = "";
    inToken = false;
  };
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (char === " " || char === "\t" || char === "\r") {
      end();
    } else if (char === ";") {
      break;
    } else if (char === "(") {
      end();
      depth += 1;
    } else if (char === ")") {
      end();
      if (depth === 0) throw new MasterFileError(lineNumber, "a closing parenthesis without an opening one.");
      depth -= 1;
    } else if (char === "\\") {
      token += line.slice(i, i + 2);
      inToken = true;
      i += 1;
    } else if (char === '"') {
      // A quoted string is one token, whatever it holds (spaces, semicolons, parentheses).
      inToken = true;
      let closed = false;
      for (i += 1; i < line.length; i += 1) {
        if (line[i] === "\\") {
          token += line.slice(i, i + 2);
          i += 1;
        } else if (line[i] === '"') {
          closed = true;
          break;
        } else {
          token += line[i];
        }
      }
      if (!closed) throw new MasterFileError(lineNumber, "a quoted string is not closed on its line.");
    } else {
      token += char;
      inToken = true;
    }
  }
  end();
  return depth;
}

/**
 * A name of the file made absolute against `origin`: lower case, without the
 * trailing dot; a label's special characters escaped the one way (\. \\ \DDD),
 * so a name reads the same however the file wrote it.
 */
export function absoluteName(raw: string, origin: string): string {
  if (raw === "@") return origin;
  if (!raw.includes("\\")) {
    const lower = raw.toLowerCase();
    if (lower === ".") return "";
    if (lower.endsWith(".")) return lower.slice(0, -1);
    return origin ? `${lower}.${origin}` : lower;
  }
  const labels: string[] = [];
  let label = "";
  let absolute = false;
  for (let i = 0; i < raw.length; i += 1) {
    const char = raw[i];
    if (char === "\\") {
      const digits = /^\d{3}/.exec(raw.slice(i + 1, i + 4));
      if (digits) {
        label += String.fromCharCode(Number(digits[0]) & 0xff);
        i += 3;
      } else {
        label += raw[i + 1] ?? "";
        i += 1;
      }
    } else if (char === ".") {
      labels.push(escapeLabel(label));
      label = "";
      if (i === raw.length - 1) absolute = true;
    } else {
      label += char;
    }
  }
  if (!absolute) labels.push(escapeLabel(label));
  const name = labels.join(".").toLowerCase();
  if (absolute) return name;
  return origin ? `${name}.${origin}` : name;
}

function escapeLabel(label: string): string {
  let escaped = "";
  for (const char of label) {
    const code = char.charCodeAt(0);
    if (char === "." || char === "\\") escaped += `\\${char}`;
    else if (code > 0x20 && code < 0x7f) escaped += char;
    else if (code <= 0xff) escaped += `\\${String(code).padStart(3, "0")}`;
    else for (const byte of Buffer.from(char, "utf8")) escaped += `\\${String(byte).padStart(3, "0")}`;
  }
  return escaped;
}

function normalizeOrigin(origin: string): string {
  return absoluteName(origin.endsWith(".") ? origin : `${origin}.`, "");
}
