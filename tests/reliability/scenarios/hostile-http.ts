// Hostile input over real HTTP against the production build: random
// Unicode, control characters, odd encodings and very long values in paths,
// query strings, form posts and cookies, as a visitor and as an admin.
// Nothing may answer 5xx, hang or drop the connection.
import fc from "fast-check";
import { rmSync } from "node:fs";
import { hostileString } from "~tests/security/support/hostile-strings";
import { signInAdmin, timedFetch } from "~tests/reliability/support/http";
import { startServer, type RunningServer } from "~tests/reliability/support/server";
import type { ReliabilityOptions, ScenarioResult } from "~tests/reliability/support/types";

type Attempt = { method: "GET" | "POST"; path: string; form?: Record<string, string>; admin?: boolean; cookie?: string };

/** Encoded as a browser would (unpaired surrogates become U+FFFD), plus now and then a raw, broken escape. */
const enc = (value: string) => encodeURIComponent(value.toWellFormed()) + (value.length % 7 === 0 ? ["%", "%ZZ", "%E0%A4%A", "%00", "%C0%AF"][value.length % 5] : "");
const QUERY_KEYS = ["q", "sort", "page", "featured", "dir", "status", "tld", "from", "to", "lenFrom", "lenTo", "letters", "tab", "redirectTo"];

function attempts(): fc.Arbitrary<Attempt> {
  const text = hostileString();
  const query = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), text), text), { maxLength: 5 })
    .map((pairs) => new URLSearchParams(pairs).toString());
  return fc.oneof(
    text.map((value): Attempt => ({ method: "GET", path: `/search/${enc(value)}` })),
    text.map((value): Attempt => ({ method: "GET", path: `/d/${enc(value)}` })),
    text.map((value): Attempt => ({ method: "GET", path: `/${enc(value)}` })),
    text.map((value): Attempt => ({ method: "GET", path: `/calendar/${enc(value)}` })),
    text.map((value): Attempt => ({ method: "GET", path: `/sitemaps/${enc(value)}` })),
    query.map((search): Attempt => ({ method: "GET", path: `/soon-available?${search}` })),
    query.map((search): Attempt => ({ method: "GET", path: `/available?${search}` })),
    query.map((search): Attempt => ({ method: "GET", path: `/?${search}` })),
    query.map((search): Attempt => ({ method: "GET", path: `/auth?${search}` })),
    query.map((search): Attempt => ({ method: "GET", path: `/admin/domains?${search}`, admin: true })),
    query.map((search): Attempt => ({ method: "GET", path: `/admin?${search}`, admin: true })),
    text.map((value): Attempt => ({ method: "GET", path: `/api/admin/import-runs/${enc(value)}`, admin: true })),
    fc.tuple(text, text).map(([name, message]): Attempt => ({ method: "POST", path: "/contact", form: { name, email: `${name}@example.se`, subject: message, message } })),
    fc.tuple(text, text).map(([domain, message]): Attempt => ({ method: "POST", path: "/api/enquiry", form: { domain, name: message, email: domain, phone: message, message } })),
    fc.tuple(text, text).map(([email, password]): Attempt => ({ method: "POST", path: "/auth", form: { intent: "login", email, password, redirectTo: password } })),
    fc.tuple(text, text).map(([domainName, intent]): Attempt => ({ method: "POST", path: "/api/bookmarks", form: { domainName, intent } })),
    fc.tuple(text, text).map(([intent, name]): Attempt => ({ method: "POST", path: "/admin/premium", form: { intent, name, description: name, price: intent }, admin: true })),
    text.map((value): Attempt => ({ method: "GET", path: "/account", cookie: `better-auth.session_token=${encodeURIComponent(value.toWellFormed())}` })),
  );
}

async function send(server: RunningServer, attempt: Attempt, adminCookie: string) {
  const headers: Record<string, string> = { origin: server.url, accept: "text/html" };
  const cookie = attempt.admin ? adminCookie : attempt.cookie;
  if (cookie) headers.cookie = cookie;
  const body = attempt.form ? new URLSearchParams(attempt.form) : undefined;
  return timedFetch(`${server.url}${attempt.path}`, { method: attempt.method, headers, body, timeoutMs: 30_000 });
}

export async function hostileHttp(options: ReliabilityOptions): Promise<ScenarioResult> {
  const dataDir = `${options.workDir}/hostile-http`;
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({ port: 4311, buildDir: options.buildDir, dataDir, env: { SEED_DEMO_SIZE: "3000", JOBS_ENABLED: "false" } });
  try {
    const adminCookie = await signInAdmin(server.url, { kind: "pglite", dataDir });
    const samples = fc.sample(attempts(), options.hostileRequests);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < samples.length) {
        const attempt = samples[next++];
        const answer = await send(server, attempt, adminCookie);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 0 || answer.status >= 500) failures.push(`${attempt.method} ${attempt.path.slice(0, 120)} → ${answer.status || answer.error}`);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(" ");
    return {
      name: "Hostile input over HTTP",
      ok: failures.length === 0,
      figures: { "inputs tried": samples.length, answers: byStatus, "5xx / dropped": failures.length },
      notes: failures.slice(0, 5),
      inputs: samples.length,
      requests: samples.length,
    };
  } finally {
    await server.stop();
  }
}
