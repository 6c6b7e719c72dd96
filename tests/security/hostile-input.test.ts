// Property-based: 10,000 hostile strings into every parser and validator that
// reads input from people or files. None may throw; each answer must hold
// the promises the rest of the code relies on.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adminTabAddress, parsePage as parseAdminPage } from "~/lib/admin-tabs";
import { loginSchema, registerSchema, credentialsFromForm } from "~/domain/credentials";
import { parseDomainName, SUPPORTED_TLDS, toAscii, toUnicode } from "~/domain/names";
import { MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH, normalizeSearchTerm, validateSearchInput } from "~/domain/search-input";
import { ADMIN_SORT_FIELDS, parseAdminListParams, toAdminListQuery } from "~/lib/admin-list-params";
import { parseContactForm } from "~/lib/contact-schema";
import { parseEnquiryForm } from "~/lib/enquiry-schema";
import { decodeListCursor } from "~/lib/list-cursor";
import { LISTING_SORTS, parseListingParams, parseSoonListParams, SOON_SORTS } from "~/lib/listing-params";
import { ImportError } from "~/server/imports/release-list/runs/import-error.server";
import { parseReleaseList } from "~/server/imports/release-list/parse/parse-release-list.server";
import { formDataOf } from "~tests/factories/messages";
import { XSS_PAYLOADS } from "./support/payloads";
import { hostileString } from "./support/hostile-strings";

const PURE_RUNS = 10_000;
const run = <Values extends unknown[]>(property: fc.IProperty<Values>) => fc.assert(property, { numRuns: PURE_RUNS });

const ACE = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.(?:se|nu))$/;

/** A query string made of the parameters the lists read (and some they don't), with hostile values. */
function hostileSearchParams(keys: string[]) {
  return fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...keys), hostileString()), hostileString()), { maxLength: 8 })
    .map((pairs) => {
      const params = new URLSearchParams();
      for (const [key, value] of pairs) params.append(key, value);
      return params;
    });
}

describe(`hostile input: ${PURE_RUNS.toLocaleString("en")} strings per parser`, () => {
  it("parseDomainName never throws; what it accepts is a clean ACE .se/.nu name that round-trips", () => {
    run(
      fc.property(hostileString(), (input) => {
        const parsed = parseDomainName(input);
        if (!parsed.ok) return typeof parsed.reason === "string";
        expect(parsed.ace).toMatch(ACE);
        expect(parsed.ace.length).toBeLessThanOrEqual(253);
        expect(SUPPORTED_TLDS).toContain(parsed.tld);
        const again = parseDomainName(parsed.unicode);
        return again.ok && again.ace === parsed.ace;
      }),
    );
  });

  it("toAscii and toUnicode never throw", () => {
    run(
      fc.property(hostileString(), (input) => {
        const ace = toAscii(input);
        toUnicode(input);
        return ace === null || typeof ace === "string";
      }),
    );
  });

  it("validateSearchInput and normalizeSearchTerm never throw and bound the term", () => {
    run(
      fc.property(hostileString(), (input) => {
        const result = validateSearchInput(input);
        if (result.kind === "term") expect([...result.term].length).toBeLessThanOrEqual(MAX_SEARCH_LENGTH);
        if (result.kind === "domain") expect(parseDomainName(result.name).ok).toBe(true);
        const term = normalizeSearchTerm(input);
        if (term !== null) {
          expect([...term].length).toBeGreaterThanOrEqual(MIN_SEARCH_LENGTH);
          expect([...term].length).toBeLessThanOrEqual(MAX_SEARCH_LENGTH);
          expect(term).not.toMatch(/\p{Cc}/u);
          // An unpaired surrogate reached PostgreSQL as a broken UTF-8 sequence (a 503 from /search).
          expect(term.isWellFormed()).toBe(true);
        }
        return true;
      }),
    );
  });

  it("list parameters (public lists and the backoffice) always come out valid", () => {
    run(
      fc.property(hostileSearchParams(["q", "sort", "page", "after", "featured", "dir", "status", "tld", "from", "to", "lenFrom", "lenTo", "letters", "digits", "tab"]), (params) => {
        const soon = parseSoonListParams(params);
        expect(SOON_SORTS).toContain(soon.sort);
        // A page cursor is either absent or one the lists can send to the database as it is.
        expect(soon.after === null || decodeListCursor(soon.after) !== null).toBe(true);
        expect(soon.rawQuery.length).toBeLessThanOrEqual(200);
        const listing = parseListingParams(params);
        expect(LISTING_SORTS).toContain(listing.sort);
        const admin = parseAdminListParams(params);
        expect(ADMIN_SORT_FIELDS).toContain(admin.sort);
        expect(admin.q.length).toBeLessThanOrEqual(100);
        const query = toAdminListQuery(admin);
        expect(Number.isInteger(query.page) && query.page >= 1).toBe(true);
        // An old ?tab= address always goes to one of the backoffice's own pages, never elsewhere.
        expect(adminTabAddress(params)).toMatch(/^\/admin\/(domains|premium|users|imports|maintenance)(\?|$)/);
        return parseAdminPage(params.get("page")) >= 1;
      }),
    );
  });

  it("the enquiry, contact and credential forms never throw and never accept a line break in a header field", () => {
    run(
      fc.property(hostileString(), hostileString(), (a, b) => {
        const contact = parseContactForm(formDataOf({ name: a, email: b, subject: b, message: a }));
        if (contact.ok) expect(`${contact.data.name}${contact.data.subject}`).not.toMatch(/[\r\n]/);
        const enquiry = parseEnquiryForm(formDataOf({ domain: a, name: b, email: a, phone: b, message: a }));
        if (enquiry.ok) expect(enquiry.data.name).not.toMatch(/[\r\n]/);
        const credentials = credentialsFromForm(formDataOf({ email: a, password: b, confirmPassword: b }));
        loginSchema.safeParse(credentials);
        registerSchema.safeParse(credentials);
        return true;
      }),
    );
  });

  it("release lists: any line or JSON entry is imported as a valid name or skipped with a reason, never a crash", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(hostileString(), fc.oneof(fc.constant("2030-01-01"), hostileString())), { minLength: 1, maxLength: 20 }), (entries) => {
        const txt = entries.map(([name, date]) => `${name}\t${date}`).join("\n");
        const json = JSON.stringify({ data: entries.map(([name, release_at]) => ({ name, release_at })) });
        for (const [input, format] of [[txt, "txt"], [json, "json"]] as const) {
          let parsed;
          try {
            parsed = parseReleaseList(input, { format });
          } catch (error) {
            // A whole file that cannot be read is an ImportError with the admin's message, nothing else.
            expect(error).toBeInstanceOf(ImportError);
            continue;
          }
          for (const entry of parsed.entries) expect(entry.name).toMatch(ACE);
          expect(parsed.entries.length + parsed.failed).toBeGreaterThanOrEqual(0);
        }
        return true;
      }),
      { numRuns: PURE_RUNS / 10 },
    );
  });

  it("release lists refuse script and markup payloads as names", () => {
    const payloads = [...XSS_PAYLOADS, ...XSS_PAYLOADS.map((payload) => `${payload}.se`)];
    const parsed = parseReleaseList(JSON.stringify({ data: payloads.map((name) => ({ name, release_at: "2030-01-01" })) }), { format: "json" });
    expect(parsed.entries).toEqual([]);
    expect(parsed.failed).toBe(payloads.length);
    const txt = parseReleaseList(payloads.map((name) => `${name}\t2030-01-01`).join("\n"), { format: "txt" });
    expect(txt.entries).toEqual([]);
  });
});
