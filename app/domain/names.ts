// Domain names as people type them and as the registry lists them.
//
// We store and key on the ACE form ("xn--rksmrgs-5wao1o.se") because that is
// what the registry's lists and availability service use, and show the
// Unicode form ("räksmörgås.se") to people.
//
// The deep import is deliberate: `punycode` alone resolves to Node's deprecated
// built-in, and `punycode/` is a directory import that Node's ES module loader
// refuses (ERR_UNSUPPORTED_DIR_IMPORT) once the server bundle leaves it external.
import punycode from "punycode/punycode.es6.js";

export const SUPPORTED_TLDS = [".se", ".nu"] as const;
export type Tld = (typeof SUPPORTED_TLDS)[number];

export type ParsedDomain =
  | {
      ok: true;
      ace: string;
      unicode: string;
      /** The first label in Unicode form, e.g. "räksmörgås". */
      label: string;
      tld: Tld;
      /** Unicode code points in the first label. */
      length: number;
    }
  | { ok: false; reason: "empty" | "invalid" | "unsupported-tld" };

/** Longer input is refused before any parsing work is done. */
export const MAX_NAME_INPUT_LENGTH = 300;
const MAX_NAME_LENGTH = 253;
export const ACE_PREFIX = "xn--";

// The WHATWG URL parser would read these as user info, port, path, query or
// percent-escapes (and silently drops tabs and newlines), turning "a/b.se" into
// the host "a". So they are refused before the parser sees the input.
const URL_SYNTAX_OR_INVISIBLE = /[\s\p{Cc}\p{Cf}/\\?#@:%[\]<>^|"'`{}]/u;

// Letters, digits and hyphens, 1–63 characters, no hyphen first or last.
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

// A Unicode label may hold letters (with their combining marks), digits and
// hyphens. This is what turns away emoji and symbols that UTS-46 would still
// encode into an xn-- label.
const UNICODE_LABEL = /^[\p{L}\p{M}\p{N}-]+$/u;

/**
 * The ACE (xn--) form of a host name, lower case, without a trailing dot;
 * null when it is not a valid host name. Uses the platform's UTS-46 mapping,
 * so the server and the browser agree.
 */
export function toAscii(name: string): string | null {
  if (name.length > MAX_NAME_INPUT_LENGTH) return null;
  const withoutRootDot = name.endsWith(".") ? name.slice(0, -1) : name;
  if (withoutRootDot === "" || URL_SYNTAX_OR_INVISIBLE.test(withoutRootDot)) return null;

  const host = platformAscii(withoutRootDot);
  if (host === null || host.length > MAX_NAME_LENGTH) return null;

  const labels = host.split(".");
  if (!labels.every(isValidAceLabel)) return null;
  // A host whose last label is all digits is an IPv4 address to the URL
  // parser ("1.2" becomes "1.0.0.2"), and no top-level domain is numeric.
  if (!/[a-z]/.test(labels[labels.length - 1])) return null;
  return host;
}

/**
 * The Unicode form of an ACE name, lower case. Never throws: an undecodable
 * name comes back as given, lower-cased, because it is only ever shown.
 */
export function toUnicode(ace: string): string {
  const lower = ace.toLowerCase();
  try {
    return lower
      .split(".")
      .map((label) => (label.startsWith(ACE_PREFIX) ? punycode.decode(label.slice(ACE_PREFIX.length)) : label))
      .join(".");
  } catch {
    return lower;
  }
}

/**
 * Reads a registrable .se or .nu name (name + TLD, no subdomain) from what a
 * person typed or the registry listed: Unicode or ACE, any case, surrounding
 * whitespace and one trailing dot allowed.
 */
export function parseDomainName(input: string): ParsedDomain {
  if (input.length > MAX_NAME_INPUT_LENGTH) return { ok: false, reason: "invalid" };
  const trimmed = input.trim();
  if (trimmed === "") return { ok: false, reason: "empty" };

  const ace = toAscii(trimmed);
  if (ace === null) return { ok: false, reason: "invalid" };

  const labels = ace.split(".");
  if (labels.length < 2) return { ok: false, reason: "invalid" };
  const tld = `.${labels[labels.length - 1]}`;
  if (!isSupportedTld(tld)) return { ok: false, reason: "unsupported-tld" };
  // "a.b.se" is a subdomain: nobody can register it, so it is not a name here.
  if (labels.length !== 2) return { ok: false, reason: "invalid" };

  const unicode = toUnicode(ace);
  const label = unicode.slice(0, unicode.lastIndexOf("."));
  return { ok: true, ace, unicode, label, tld, length: [...label].length };
}

export function isSupportedTld(tld: string): tld is Tld {
  return (SUPPORTED_TLDS as readonly string[]).includes(tld);
}

function platformAscii(name: string): string | null {
  try {
    return new URL(`http://${name}`).hostname;
  } catch {
    return null;
  }
}

function isValidAceLabel(label: string): boolean {
  if (!LDH_LABEL.test(label)) return false;
  // Hyphens in the 3rd and 4th place are reserved for IDN prefixes (RFC 5891
  // §4.2.3.1); the only one in use is xn--, and .se refuses the rest.
  if (label.slice(2, 4) !== "--") return true;
  return label.startsWith(ACE_PREFIX) && isCanonicalAceLabel(label);
}

// An xn-- label must decode to letters/digits/hyphens and encode back to
// itself; otherwise "xn--zz" or an emoji label would pass as valid ASCII.
// Its Unicode form follows the hyphen rules of an ASCII label (RFC 5891
// §4.2.3.1), which the URL parser does not check: "-å" or "åb--c" is no name.
function isCanonicalAceLabel(label: string): boolean {
  let decoded: string;
  try {
    decoded = punycode.decode(label.slice(ACE_PREFIX.length));
  } catch {
    return false;
  }
  if (!UNICODE_LABEL.test(decoded) || URL_SYNTAX_OR_INVISIBLE.test(decoded)) return false;
  if (decoded.startsWith("-") || decoded.endsWith("-") || [...decoded].slice(2, 4).join("") === "--") return false;
  return platformAscii(decoded) === label;
}
