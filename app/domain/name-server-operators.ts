// Who the name servers belong to (docs/product.md, "Who the name servers
// belong to"): the kinds of operator, the backoffice form's rules (checked in
// the browser and again on the server) and the Swedish words the public pages
// use. The zone tells where a name points, which is usually but not always
// who registered it: the words say "pekar på", never "registrerad hos".
import punycode from "punycode/punycode.es6.js";

export const NAME_SERVER_OPERATOR_KINDS = ["registrar_host", "parking", "aftermarket", "other"] as const;
export type NameServerOperatorKind = (typeof NAME_SERVER_OPERATOR_KINDS)[number];

/** The backoffice's names for the kinds. */
export const OPERATOR_KIND_LABELS: Record<NameServerOperatorKind, string> = {
  registrar_host: "Registrar / web host",
  parking: "Parking",
  aftermarket: "Aftermarket",
  other: "Other",
};

/** A row of the table, as the backoffice lists it. */
export type NameServerOperatorRow = {
  id: number;
  pattern: string;
  operator: string;
  kind: NameServerOperatorKind;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The operator a delegation's name servers point at: a row's (`known`), or,
 * when no pattern matches, the registrable domain of the first name server
 * (kind "other", `pattern` null).
 */
export type NameServerOperatorMatch = {
  operator: string;
  kind: NameServerOperatorKind;
  known: boolean;
  pattern: string | null;
};

export const MAX_OPERATOR_NAME_LENGTH = 100;
export const PATTERN_REQUIRED = "Pattern is required";
export const INVALID_PATTERN =
  "Enter a host suffix such as loopia.se or ns.cloudflare.com: at least two labels of letters, digits and hyphens, no spaces";
export const OPERATOR_REQUIRED = "Operator name is required";
export const OPERATOR_TOO_LONG = `Operator name must be at most ${MAX_OPERATOR_NAME_LENGTH} characters`;
export const INVALID_KIND = "Choose a kind: registrar / web host, parking, aftermarket or other";
export const duplicatePatternMessage = (pattern: string) => `${pattern} already has an operator. Edit that row instead.`;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host name or host suffix as stored and compared: trimmed, lower case, in
 * ACE form, without a trailing dot (and, for a pattern typed as
 * `*.ns.cloudflare.com` or `.loopia.se`, without the leading wildcard).
 */
export function normalizeHost(value: string): string {
  let host = value.trim().toLowerCase().replace(/\.$/, "");
  host = host.replace(/^\*?\./, "");
  if (/[^ -~]/.test(host)) {
    try {
      host = punycode.toASCII(host);
    } catch {
      return host;
    }
  }
  return host;
}

type FieldErrors<Field extends string> = Partial<Record<Field, string>>;
type Parsed<Value, Field extends string> = { ok: true; value: Value } | { ok: false; errors: FieldErrors<Field> };

export type OperatorInput = { pattern: string; operator: string; kind: NameServerOperatorKind };
type OperatorField = "pattern" | "operator" | "kind";

/** The add and edit forms: a host suffix of two labels or more, a name, one of the kinds. */
export function parseOperatorForm(form: { pattern?: unknown; operator?: unknown; kind?: unknown }): Parsed<OperatorInput, OperatorField> {
  const errors: FieldErrors<OperatorField> = {};
  const rawPattern = typeof form.pattern === "string" ? form.pattern : "";
  const pattern = normalizeHost(rawPattern);
  const labels = pattern.split(".");
  if (rawPattern.trim() === "") errors.pattern = PATTERN_REQUIRED;
  else if (pattern.length > 253 || labels.length < 2 || !labels.every((label) => LABEL.test(label))) errors.pattern = INVALID_PATTERN;
  const operator = (typeof form.operator === "string" ? form.operator : "").trim().replace(/\s+/g, " ");
  if (operator === "") errors.operator = OPERATOR_REQUIRED;
  else if (operator.length > MAX_OPERATOR_NAME_LENGTH) errors.operator = OPERATOR_TOO_LONG;
  const kind = NAME_SERVER_OPERATOR_KINDS.find((value) => value === form.kind);
  if (!kind) errors.kind = INVALID_KIND;
  if (errors.pattern || errors.operator || !kind) return { ok: false, errors };
  return { ok: true, value: { pattern, operator, kind } };
}

/** The Swedish genitive: "Loopias", "one.coms"; a name ending in s, x or z takes no extra s ("GleSYS", "Inleeds"). */
export function swedishGenitive(name: string): string {
  return /[sxz]$/i.test(name) ? name : `${name}s`;
}

/**
 * Where a name's name servers point, in Swedish, as the public pages say it:
 * "pekar på Loopias namnservrar", or for an operator not in the table
 * "pekar på namnservrar hos example.com". Never who registered the name: the
 * zone does not say that.
 */
export function pointsAtPhrase(match: Pick<NameServerOperatorMatch, "operator" | "known">): string {
  return match.known ? `pekar på ${swedishGenitive(match.operator)} namnservrar` : `pekar på namnservrar hos ${match.operator}`;
}
