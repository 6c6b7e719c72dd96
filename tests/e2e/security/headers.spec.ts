// The production build's answers as a browser receives them: security
// headers on pages, data, files and errors; session cookie flags; error
// pages in Swedish without stack traces or internals.
import { randomBytes } from "node:crypto";
import { withServerDb } from "~tests/e2e/support/server-db";
import { expect, test } from "~tests/e2e/support/test";
import { createE2eUser } from "~tests/e2e/support/users";

const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 4173}`;

function expectBaseHeaders(headers: Record<string, string>, what: string) {
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], what).toBe("DENY");
  // SITE_URL is http here: no HSTS (it would pin browsers to https for a site that has none).
  expect(headers["strict-transport-security"], what).toBeUndefined();
  expect(headers["x-powered-by"], what).toBeUndefined();
}

/** Signs of internals leaking into an answer. */
const LEAKS = /\n\s+at [\w.<>]+ \(|node_modules|\.tsx?:\d+|\/work\/|Failed query|TypeError|ReferenceError|SyntaxError: /;

test("pages carry the CSP with a nonce, frame-ancestors 'none' and the base headers", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expectBaseHeaders(headers, "/");
  expect(headers["x-request-id"]).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
  const policy = headers["content-security-policy"];
  const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1] ?? "";
  expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
});

test("files, data requests, API answers and errors carry the base headers too", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  for (const path of [asset!, "/favicon.ico", "/robots.txt", "/healthz", "/readyz", "/sitemap.xml", "/soon-available.data", "/api/bookmarks", "/finns-inte", "/d/%3Cscript%3E"]) {
    const response = await request.get(path);
    expectBaseHeaders(response.headers(), path);
    // A Content-Security-Policy on every answer: the page's own (with its nonce) on pages, else one that allows nothing.
    const policy = response.headers()["content-security-policy"] ?? "";
    expect(policy, path).toContain("frame-ancestors 'none'");
    if (!/text\/html/.test(response.headers()["content-type"] ?? "")) expect(policy, path).toMatch(/^default-src 'none'/);
  }
  // Answers given before the app: a refused body, and the front's Swedish page for it.
  const refused = await request.post("/contact", { headers: { origin: "https://evil.example", accept: "text/html" }, form: { x: "1" } });
  expect(refused.status()).toBe(403);
  expectBaseHeaders(refused.headers(), "refused post");
  expect(refused.headers()["content-security-policy"]).toMatch(/^default-src 'none'/);
});

test("every answer sends each header once: the calendar feed's own Referrer-Policy replaces the site's", async ({ request }) => {
  const user = await createE2eUser(null);
  const token = randomBytes(32).toString("base64url");
  await withServerDb((client) =>
    client.query(`insert into calendar_feeds (user_id, token, created_at) select id, $2, now() from "user" where email = $1`, [user.email, token]),
  );
  for (const path of [`/calendar/${token}.ics`, "/", "/robots.txt", "/sitemap.xml", "/api/bookmarks", "/finns-inte", "/healthz"]) {
    const response = await request.get(path);
    const names = response.headersArray().map((header) => header.name.toLowerCase()).filter((name) => name !== "set-cookie");
    const repeated = names.filter((name, index) => names.indexOf(name) !== index);
    expect(repeated, `${path}: ${JSON.stringify(response.headersArray())}`).toEqual([]);
  }
  const feed = await request.get(`/calendar/${token}.ics`);
  expect(feed.headers()["content-type"]).toMatch(/^text\/calendar/);
  expect(feed.headers()["referrer-policy"]).toBe("no-referrer");
});

test("the session cookie is HttpOnly and SameSite=Lax (and not Secure on an http site)", async ({ request }) => {
  const user = await createE2eUser(request);
  const response = await request.post("/api/auth/sign-in/email", { data: { email: user.email, password: user.password }, headers: { origin: ORIGIN } });
  expect(response.status()).toBe(200);
  const cookies = response.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie").map((header) => header.value);
  const session = cookies.find((cookie) => cookie.startsWith("better-auth.session_token="));
  expect(session, cookies.join("\n")).toBeTruthy();
  expect(session).toMatch(/;\s*HttpOnly/i);
  expect(session).toMatch(/;\s*SameSite=Lax/i);
  expect(session).not.toMatch(/;\s*Secure/i);
});

test("error answers are short and Swedish, with no stack trace or internals", async ({ request }) => {
  const attempts: { path: string; method?: "GET" | "POST"; body?: string; headers?: Record<string, string> }[] = [
    { path: "/finns-inte" },
    { path: "/d/%3Cscript%3E" },
    { path: "/d/%E0%A4%A" },
    { path: "/search/%00" },
    { path: "/search/%ZZ" },
    { path: "/%" },
    { path: "/soon-available?page=1e400&sort=%00" },
    { path: "/api/admin/import-runs/1" },
    { path: "/calendar/..%2F..%2Fetc%2Fpasswd" },
    { path: "/sitemaps/domains-0.xml" },
    { path: "/", method: "POST", body: "x=1", headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" } },
    { path: "/contact", method: "POST", body: "%%%", headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" } },
    { path: "/contact", method: "POST", body: "--x\r\nbroken", headers: { origin: ORIGIN, "content-type": "multipart/form-data; boundary=x" } },
    { path: "/api/auth/sign-in/email", method: "POST", body: "{not json", headers: { origin: ORIGIN, "content-type": "application/json" } },
    { path: "/account", headers: { cookie: "better-auth.session_token=forged.value" } },
    { path: "/soon-available.data?_routes=%00" },
  ];
  for (const attempt of attempts) {
    const response = await request.fetch(attempt.path, { method: attempt.method ?? "GET", data: attempt.body, headers: attempt.headers, maxRedirects: 0 });
    const body = await response.text();
    const what = `${attempt.method ?? "GET"} ${attempt.path} → ${response.status()}`;
    expect(response.status(), what).toBeLessThan(500);
    expect(body, what).not.toMatch(LEAKS);
  }
});

test("the 404 page is the site's Swedish page", async ({ page }) => {
  const response = await page.goto("/finns-inte-alls");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Sidan kunde inte hittas" })).toBeVisible();
  expect(await page.content()).not.toMatch(LEAKS);
});

test("OPTIONS on a page or a download runs nothing: no render, no file, nothing counted against a limit", async ({ request }) => {
  for (const path of ["/", "/soon-available", "/export/soon-available.csv"]) {
    const response = await request.fetch(path, { method: "OPTIONS" });
    expect(response.status(), path).toBe(204);
    expect(response.headers()["allow"], path).toBe("GET, HEAD, POST");
    expect(response.headers()["content-disposition"], path).toBeUndefined();
    expect(response.headers()["ratelimit-remaining"], path).toBeUndefined();
    expect(await response.text(), path).toBe("");
    expectBaseHeaders(response.headers(), path);
  }
});
