import { DOMAINS_ACTIONS } from "~/routes/admin/domains-actions.server";
import { IMPORTS_ACTIONS } from "~/routes/admin/imports-actions.server";
import { NAME_SERVER_OPERATORS_ACTIONS } from "~/routes/admin/name-server-operators-actions.server";
import { MAINTENANCE_ACTIONS } from "~/routes/admin/maintenance-actions.server";
import { PREMIUM_ACTIONS } from "~/routes/admin/premium-actions.server";
import { USERS_ACTIONS } from "~/routes/admin/users-actions.server";
import { ZONE_ACTIONS } from "~/routes/admin/zone-actions.server";

// Who may use each route, written out once. The authorization matrix and the
// CSRF test read this table together with app/routes.ts: a route that is in
// routes.ts but not here fails them, with a message asking for an entry.

/**
 * Loaders:
 * - public: answers everybody (never 401/403, never a 5xx);
 * - account-page / account-api: signed-in users only (visitors: redirect to /auth, or 401);
 * - admin-page / admin-api: administrators only (others: redirect to /, or 401/403);
 * - admin-redirect: sends administrators on to a backoffice page, anyone else to /;
 * - token: answers whoever holds the secret in the URL (the calendar feed, a saved search's feeds), 404 otherwise;
 * - none: the module has no loader.
 */
export type LoaderAccess = "public" | "account-page" | "account-api" | "admin-page" | "admin-api" | "admin-redirect" | "token" | "none";

/**
 * Actions (every one is CSRF-checked: a foreign Origin gets 403 and changes nothing):
 * - public-form: anybody may post (contact, enquiry, sign-in forms);
 * - session: works on the caller's own session (logout); a visitor changes nothing;
 * - account: signed-in users only (visitors: 401);
 * - admin: administrators only (visitors 401, users 403);
 * - auth-endpoint: better-auth's own /api/auth/* handlers (their origin check);
 * - none: the module has no action.
 */
export type ActionAccess = "public-form" | "session" | "account" | "admin" | "auth-endpoint" | "none";

/**
 * One request an action accepts, as the page would send it. `path` overrides the route's own URL.
 * In form values, SAVED_ID, USER_ID, CONFIG_ID and RUN_ID stand for the security world's saved
 * search, plain user, import configuration and import run.
 */
export type SamplePost = {
  path?: string;
  form?: Record<string, string>;
  json?: Record<string, unknown>;
  /** Sent as multipart with the form fields (an uploaded list). */
  file?: { field: string; name: string; type: string; content: string };
};

export type RouteAccess = {
  loader: LoaderAccess;
  action: ActionAccess;
  /** Parameters for the route's pattern (and the URL built from it). */
  params?: Record<string, string>;
  /** Requests that would change something if they were accepted. */
  posts?: SamplePost[];
  /** A backoffice tab's action table: every intent in it needs a sample in `posts`. */
  intents?: Record<string, unknown>;
};

/** Names the seed in security-world.ts creates; the samples below refer to them. */
export const SEED = {
  available: "hund.se",
  premium: "kaffe.nu",
  soon: "räksmörgås.se",
} as const;

const contactForm = { name: "Bertil", email: "bertil@example.se", subject: "Fråga", message: "Hej på er!" };
const enquiryForm = { domain: SEED.premium, name: "Anna", email: "anna@example.se", phone: "", message: "Vad kostar domänen?" };

export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  root: { loader: "public", action: "none" },
  "routes/public/home": { loader: "public", action: "none" },
  "routes/api/auth": {
    loader: "public",
    action: "auth-endpoint",
    params: { "*": "verify-email" },
    posts: [
      { path: "/api/auth/sign-in/email", json: { email: "victim@example.se", password: "hemligt-lösen-1" } },
      { path: "/api/auth/sign-up/email", json: { email: "new-account@example.se", password: "hemligt-lösen-1", name: "x" } },
      { path: "/api/auth/sign-out", json: {} },
      { path: "/api/auth/revoke-sessions", json: {} },
      { path: "/api/auth/change-password", json: { currentPassword: "hemligt-lösen-1", newPassword: "annat-lösen-2" } },
    ],
  },
  "routes/api/healthz": { loader: "public", action: "none" },
  "routes/api/readyz": { loader: "public", action: "none" },
  "routes/public/contact": { loader: "public", action: "public-form", posts: [{ form: contactForm }] },
  "routes/api/enquiry": { loader: "public", action: "public-form", posts: [{ form: enquiryForm }] },
  "routes/public/search": { loader: "public", action: "none", params: { query: "hund" } },
  "routes/public/featured": { loader: "public", action: "none" },
  "routes/public/available": { loader: "public", action: "none" },
  "routes/public/soon-available": { loader: "public", action: "none" },
  "routes/public/premium": { loader: "public", action: "none" },
  "routes/public/auth": {
    loader: "public",
    action: "public-form",
    posts: [
      { form: { intent: "login", email: "victim@example.se", password: "hemligt-lösen-1", redirectTo: "/" } },
      { form: { intent: "register", email: "fresh@example.se", password: "hemlig-fras-8", confirmPassword: "hemlig-fras-8" } },
      { form: { intent: "resend", email: "victim@example.se" } },
    ],
  },
  "routes/public/forgot-password": { loader: "none", action: "public-form", posts: [{ form: { email: "victim@example.se" } }] },
  "routes/public/reset-password": {
    loader: "public",
    action: "public-form",
    posts: [{ form: { token: "AAAAAAAAAAAAAAAAAAAAAAAA", password: "nytt-lösen-9", confirmPassword: "nytt-lösen-9" } }],
  },
  "routes/account/account": {
    loader: "account-page",
    action: "account",
    posts: [
      { form: { intent: "create-feed" } },
      { form: { intent: "revoke-feed" } },
      { form: { intent: "create-watch-feed" } },
      { form: { intent: "revoke-watch-feed" } },
      {
        form: { intent: "change-password", currentPassword: "hemligt-lösen-1", password: "nytt-lösen-9", confirmPassword: "nytt-lösen-9" },
      },
      { form: { intent: "delete-account", currentPassword: "hemligt-lösen-1" } },
    ],
  },
  "routes/account/bookmarks-export": { loader: "account-page", action: "none", params: { file: "bookmarks.csv" } },
  "routes/account/logout": { loader: "public", action: "session", posts: [{ form: {} }] },
  "routes/account/export": { loader: "public", action: "account", posts: [{ form: {} }] },
  "routes/account/watch-import": {
    loader: "account-page",
    action: "account",
    posts: [{ form: { intent: "preview", text: "hund.se" } }, { form: { intent: "save", text: "hund.se", fingerprint: "x" } }],
  },
  "routes/api/bookmarks": {
    loader: "account-api",
    action: "account",
    posts: [{ form: { domainName: SEED.available, intent: "add" } }, { form: { domainName: SEED.soon, intent: "remove" } }],
  },
  "routes/api/calendar": { loader: "token", action: "none", params: { file: "TOKEN.ics" } },
  "routes/feeds/list-feed": { loader: "public", action: "none", params: { file: "soon-available.atom" } },
  "routes/public/api-docs": { loader: "public", action: "none" },
  "routes/api/v1/domains": { loader: "public", action: "none" },
  "routes/api/v1/domain": { loader: "public", action: "none", params: { name: SEED.available } },
  "routes/api/v1/stats": { loader: "public", action: "none" },
  "routes/api/v1/openapi": { loader: "public", action: "none" },
  "routes/exports/list-export": { loader: "public", action: "none", params: { file: "soon-available.csv" } },
  "routes/feeds/saved-search-feed": { loader: "token", action: "none", params: { file: "SAVED_TOKEN.atom" } },
  "routes/feeds/watch-feed": { loader: "token", action: "none", params: { file: "WATCH_TOKEN.atom" } },
  "routes/account/saved-searches": {
    loader: "public",
    action: "account",
    posts: [
      { form: { intent: "save", list: "soon-available", view: "min=4", name: "Fyra tecken" } },
      { form: { intent: "open", id: "SAVED_ID" } },
      { form: { intent: "new-token", id: "SAVED_ID" } },
      { form: { intent: "delete", id: "SAVED_ID" } },
    ],
  },
  "routes/public/domain-detail": {
    loader: "public",
    action: "admin",
    params: { domainName: SEED.available },
    posts: [{ form: { intent: "highlight", featured: "true" } }],
  },
  "routes/public/similar-domains": { loader: "public", action: "none", params: { domainName: SEED.available } },
  "routes/public/statistics": { loader: "public", action: "none" },
  "routes/public/statistics-taken-by": { loader: "public", action: "none" },
  "routes/public/statistics-forecast": { loader: "public", action: "none" },
  "routes/public/statistics-csv": { loader: "public", action: "none", params: { file: "fornyas.csv" } },
  "routes/public/release-today": { loader: "public", action: "none" },
  "routes/public/release-today-events": { loader: "public", action: "none" },
  "routes/public/release-archive": { loader: "public", action: "none" },
  "routes/public/release-archive-day": { loader: "public", action: "none", params: { day: "2026-01-15" } },
  "routes/public/release-archive-export": { loader: "public", action: "none", params: { day: "2026-01-15", file: "namn.csv" } },
  "routes/public/how-it-works": { loader: "none", action: "none" },
  "routes/public/about": { loader: "none", action: "none" },
  "routes/public/terms": { loader: "none", action: "none" },
  "routes/public/privacy": { loader: "none", action: "none" },
  "routes/seo/robots": { loader: "public", action: "none" },
  "routes/seo/sitemap-index": { loader: "public", action: "none" },
  "routes/seo/sitemap-page": { loader: "public", action: "none", params: { file: "static.xml" } },
  // The backoffice: a frame, one page per tab, and the addresses that lead to them.
  admin: { loader: "admin-page", action: "none" },
  "admin-index": { loader: "admin-redirect", action: "none" },
  backoffice: { loader: "admin-redirect", action: "none" },
  "routes/admin/domains": {
    loader: "admin-page",
    action: "admin",
    intents: DOMAINS_ACTIONS,
    posts: [
      { form: { intent: "toggle-featured", name: SEED.available, featured: "true" } },
      { form: { intent: "update-description", name: SEED.available, description: "Ändrad" } },
    ],
  },
  "routes/admin/premium": {
    loader: "admin-page",
    action: "admin",
    intents: PREMIUM_ACTIONS,
    posts: [
      { form: { intent: "add-premium", name: "nyprem", tld: "se", price: "100", description: "" } },
      { form: { intent: "update-premium", name: SEED.premium, price: "1", description: "x" } },
      { form: { intent: "delete-premium", name: SEED.premium } },
    ],
  },
  "routes/admin/users": {
    loader: "admin-page",
    action: "admin",
    intents: USERS_ACTIONS,
    posts: [
      { form: { intent: "set-admin-role", userId: "USER_ID", admin: "true" } },
      { form: { intent: "set-suspended", userId: "USER_ID", suspended: "true" } },
    ],
  },
  "routes/admin/imports": {
    loader: "admin-page",
    action: "admin",
    intents: IMPORTS_ACTIONS,
    posts: [
      { form: { intent: "add-import-config", tld: "nu", url: "https://example.se/list.json" } },
      { form: { intent: "update-import-config", configId: "CONFIG_ID", url: "https://example.se/list.json", enabled: "true" } },
      { form: { intent: "delete-import-config", configId: "CONFIG_ID" } },
      { form: { intent: "run-import", configId: "CONFIG_ID" } },
      { form: { intent: "apply-import-as-complete", runId: "RUN_ID" } },
      { form: { intent: "apply-import-anyway", runId: "RUN_ID" } },
      {
        form: { intent: "upload-import", configId: "CONFIG_ID" },
        file: {
          field: "file",
          name: "list.json",
          type: "application/json",
          content: '{"data":[{"name":"csrf-upload.se","release_at":"2030-01-01"}]}',
        },
      },
    ],
  },
  "routes/admin/name-server-operators": {
    loader: "admin-page",
    action: "admin",
    intents: NAME_SERVER_OPERATORS_ACTIONS,
    posts: [
      { form: { intent: "add-operator", pattern: "csrf.example", operator: "CSRF", kind: "other" } },
      { form: { intent: "update-operator", operatorId: "1", pattern: "csrf.example", operator: "CSRF", kind: "other" } },
      { form: { intent: "delete-operator", operatorId: "1" } },
    ],
  },
  "routes/admin/zone": {
    loader: "admin-page",
    action: "admin",
    intents: ZONE_ACTIONS,
    posts: [{ form: { intent: "apply-zone-run", runId: "1" } }],
  },
  "routes/admin/maintenance": {
    loader: "admin-page",
    action: "admin",
    intents: MAINTENANCE_ACTIONS,
    posts: [{ form: { intent: "run-job", job: "release-update" } }],
  },
  "routes/admin/import-run": { loader: "admin-api", action: "none", params: { runId: "RUN_ID" } },
  "routes/admin/import-run-rejections": { loader: "admin-api", action: "none", params: { runId: "RUN_ID" } },
  "routes/public/not-found": { loader: "public", action: "none", params: { "*": "finns-inte" } },
};
