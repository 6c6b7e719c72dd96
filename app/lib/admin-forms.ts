// The backoffice's form rules (docs/product.md, "Premium names"),
// checked in the browser before sending and again on the server.
import { parseDomainName, SUPPORTED_TLDS } from "~/domain/names";

export const MAX_DESCRIPTION_LENGTH = 5000;
/** Far above any real asking price; keeps the value inside a 32-bit integer column. */
export const MAX_PRICE_SEK = 1_000_000_000;

export const DOMAIN_NAME_REQUIRED = "Domain name is required";
export const INVALID_DOMAIN_NAME =
  "Enter a valid domain name: letters, digits and hyphens, at most 63 characters before the TLD, no spaces";
export const UNSUPPORTED_TLD = "Only .se and .nu domains are supported";
export const DESCRIPTION_TOO_LONG = `Description must be at most ${MAX_DESCRIPTION_LENGTH.toLocaleString("en-US")} characters`;

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;
export type Parsed<Value, Field extends string> = { ok: true; value: Value } | { ok: false; errors: FieldErrors<Field> };

export type PremiumDomainInput = {
  ace: string;
  unicode: string;
  tld: ".se" | ".nu";
  length: number;
  /** null = "Contact us" (a price of 0 is stored as empty). */
  price: number | null;
  description: string | null;
};

type PremiumField = "name" | "tld" | "price" | "description";

/**
 * The name is required; without a dot the TLD is appended (a leading
 * dot added, .se by default); the price defaults to 0 and 0 is stored as empty.
 */
export function parsePremiumDomainForm(form: {
  name?: unknown;
  tld?: unknown;
  price?: unknown;
  description?: unknown;
}): Parsed<PremiumDomainInput, PremiumField> {
  const errors: FieldErrors<PremiumField> = {};
  const rawName = asText(form.name).trim();
  const rawTld = asText(form.tld).trim().toLowerCase();
  let fullName = rawName;
  if (rawName === "") {
    errors.name = DOMAIN_NAME_REQUIRED;
  } else if (!rawName.includes(".")) {
    const tld = rawTld === "" ? ".se" : rawTld.startsWith(".") ? rawTld : `.${rawTld}`;
    if (!(SUPPORTED_TLDS as readonly string[]).includes(tld)) errors.tld = UNSUPPORTED_TLD;
    fullName = `${rawName}${tld}`;
  }
  const parsedName = errors.name || errors.tld ? null : parseDomainName(fullName);
  if (parsedName && !parsedName.ok) {
    errors.name = parsedName.reason === "unsupported-tld" ? UNSUPPORTED_TLD : INVALID_DOMAIN_NAME;
  }
  const price = parsePrice(form.price);
  if (!price.ok) errors.price = price.error;
  const description = parseDescription(form.description);
  if (!description.ok) errors.description = description.error;

  if (!parsedName?.ok || !price.ok || !description.ok) return { ok: false, errors };
  return {
    ok: true,
    value: {
      ace: parsedName.ace,
      unicode: parsedName.unicode,
      tld: parsedName.tld,
      length: parsedName.length,
      price: price.value,
      description: description.value,
    },
  };
}

/** Price and description of an existing premium name ("Edit Premium Domain"). */
export function parsePremiumUpdateForm(form: {
  price?: unknown;
  description?: unknown;
}): Parsed<{ price: number | null; description: string | null }, "price" | "description"> {
  const price = parsePrice(form.price);
  const description = parseDescription(form.description);
  if (price.ok && description.ok) return { ok: true, value: { price: price.value, description: description.value } };
  return {
    ok: false,
    errors: { price: price.ok ? undefined : price.error, description: description.ok ? undefined : description.error },
  };
}

type FieldResult<Value> = { ok: true; value: Value } | { ok: false; error: string };

/** "25000", "25 000" or empty (= 0 = no price). Whole kronor only. */
export function parsePrice(raw: unknown): FieldResult<number | null> {
  const text = asText(raw).replace(/[\s\u00a0\u202f]/g, "");
  if (text === "") return { ok: true, value: null };
  if (/^[-\u2212]/.test(text) && /\d/.test(text)) return { ok: false, error: "Price cannot be negative" };
  if (!/^\d+$/.test(text)) return { ok: false, error: "Price must be a whole number of SEK, for example 25000" };
  const value = Number(text);
  if (value > MAX_PRICE_SEK) return { ok: false, error: `Price must be at most ${MAX_PRICE_SEK.toLocaleString("en-US")} SEK` };
  return { ok: true, value: value === 0 ? null : value };
}

/** Trimmed; empty means none. */
export function parseDescription(raw: unknown): FieldResult<string | null> {
  const text = asText(raw).trim();
  if (text.length > MAX_DESCRIPTION_LENGTH) return { ok: false, error: DESCRIPTION_TOO_LONG };
  return { ok: true, value: text === "" ? null : text };
}

function asText(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export const INVALID_IMPORT_TLD = "TLD must be se or nu";
export const INVALID_IMPORT_URL = "Data URL must be an http or https URL";
export const MAX_IMPORT_URL_LENGTH = 2000;

/** "Add New Import Configuration": the TLD as "se", ".se" or "SE", and the list's http(s) URL. */
export function parseImportConfigForm(form: { tld?: unknown; url?: unknown }): Parsed<{ tld: ".se" | ".nu"; url: string }, "tld" | "url"> {
  const tld = parseImportTld(form.tld);
  const url = parseImportUrl(form.url);
  if (tld.ok && url.ok) return { ok: true, value: { tld: tld.value, url: url.value } };
  return { ok: false, errors: { tld: tld.ok ? undefined : tld.error, url: url.ok ? undefined : url.error } };
}

/** The edit dialog of an import configuration: its URL, and whether the schedule imports it. */
export function parseImportConfigUpdate(form: {
  url?: unknown;
  enabled?: unknown;
}): Parsed<{ url: string; enabled: boolean }, "url" | "enabled"> {
  const url = parseImportUrl(form.url);
  if (!url.ok) return { ok: false, errors: { url: url.error } };
  return { ok: true, value: { url: url.value, enabled: form.enabled === true || form.enabled === "true" } };
}

function parseImportTld(raw: unknown): FieldResult<".se" | ".nu"> {
  const text = asText(raw).trim().toLowerCase();
  const tld = text.startsWith(".") ? text : `.${text}`;
  return (SUPPORTED_TLDS as readonly string[]).includes(tld)
    ? { ok: true, value: tld as ".se" | ".nu" }
    : { ok: false, error: INVALID_IMPORT_TLD };
}

function parseImportUrl(raw: unknown): FieldResult<string> {
  const text = asText(raw).trim();
  if (text.length > MAX_IMPORT_URL_LENGTH) return { ok: false, error: "Data URL is too long" };
  if (!/^https?:\/\/[^\s]+$/i.test(text) || !URL.canParse(text)) return { ok: false, error: INVALID_IMPORT_URL };
  return { ok: true, value: text };
}
