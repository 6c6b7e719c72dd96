// Request bodies as an outside probe sent them to the production server: a
// body larger than the server takes, declared or chunked, and bodies sent
// from another site or without a session. Each is answered before the body
// has been sent in full (the client here stops sending and waits), so the
// server never holds more than its limit of anybody's body.
import http from "node:http";
import { expect, test } from "~tests/e2e/support/test";
import { createE2eUser } from "~tests/e2e/support/users";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const ORIGIN = `http://localhost:${PORT}`;
const EVIL = "https://evil.example";
const MEGABYTE = 1024 * 1024;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; closedByServer: Promise<void> };

/**
 * Starts a POST, sends `sendBytes` of its body and then stops, without ending
 * it (as a slow or hostile client would), and waits for the server's answer.
 * Without `declaredLength` the body is chunked. A server that waits for the
 * whole body never answers: that fails after `waitMs`.
 */
function postWithoutFinishing(path: string, options: { headers?: Record<string, string>; sendBytes: number; declaredLength?: number; waitMs?: number }) {
  return new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", ...options.headers };
    if (options.declaredLength !== undefined) headers["content-length"] = String(options.declaredLength);
    const request = http.request({ host: "localhost", port: PORT, path, method: "POST", headers, agent: false });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer from POST ${path} while its body was still coming (the server waits for the whole body)`));
    }, options.waitMs ?? 15_000);
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on("response", (response) => {
      const socket = response.socket;
      const closedByServer = new Promise<void>((closed) => socket.once("close", () => closed()));
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, closedByServer });
      });
    });
    request.flushHeaders();
    // A form field's worth of text, then more of the same: a well-formed start of a form body.
    if (options.sendBytes > 0) request.write(`domainName=${"a".repeat(options.sendBytes - "domainName=".length)}`);
  });
}

async function signedInCookie(options: { admin?: boolean } = {}) {
  const user = await createE2eUser(null, options);
  const response = await fetch(`${ORIGIN}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The routes the probe filled with a 256 MB body; each reads a form or JSON body. */
const TARGETS = ["/api/bookmarks", "/auth", "/api/auth/sign-in/email", "/contact", "/api/enquiry"];

test("a body declared larger than 64 KB is refused with 413 at once, before any of it is sent", async () => {
  const cookie = await signedInCookie();
  for (const path of TARGETS) {
    const answer = await postWithoutFinishing(path, { headers: { origin: ORIGIN, cookie, accept: "application/json" }, sendBytes: 0, declaredLength: 256 * MEGABYTE });
    expect(answer.status, path).toBe(413);
    expect(JSON.parse(answer.body), path).toEqual({ ok: false, error: expect.stringMatching(/för stor/) });
    // The rest is never waited for: the server closes the connection.
    await answer.closedByServer;
  }
});

test("a chunked body is counted as it arrives: 413 once it passes 64 KB, and the connection is then closed", async () => {
  const cookie = await signedInCookie();
  for (const path of TARGETS) {
    // 100 KB sent, the rest (as far as the server knows, endless) never comes.
    const answer = await postWithoutFinishing(path, { headers: { origin: ORIGIN, cookie, accept: "text/html" }, sendBytes: 100 * 1024 });
    expect(answer.status, path).toBe(413);
    expect(answer.headers["content-type"], path).toMatch(/^text\/html/);
    expect(answer.body, path).toContain("för stor");
    // The rest is never waited for: the server closes the connection.
    await answer.closedByServer;
  }
});

test("a post from another site is refused with 403 before its body is read", async () => {
  const cookie = await signedInCookie();
  for (const path of TARGETS) {
    const forgeries: Record<string, string>[] = [{ origin: EVIL }, { origin: EVIL, cookie }, { referer: `${EVIL}/attack.html`, cookie }, { origin: "null", cookie }];
    for (const headers of forgeries) {
      const answer = await postWithoutFinishing(path, { headers: { ...headers, accept: "application/json" }, sendBytes: 10 * 1024 });
      expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      expect(JSON.parse(answer.body).error).toBe("Förfrågan kom inte från den här webbplatsen.");
    }
  }
});

test("a visitor's bookmark post is answered 401 before its body is read", async () => {
  const answer = await postWithoutFinishing("/api/bookmarks", { headers: { origin: ORIGIN, accept: "application/json" }, sendBytes: 10 * 1024 });
  expect(answer.status).toBe(401);
  await answer.closedByServer;
});

test("a body within the limit still works, chunked or not", async () => {
  const cookie = await signedInCookie();
  for (const chunked of [false, true]) {
    const body = "domainName=finns-inte-alls.com&intent=add";
    const request = http.request({
      host: "localhost",
      port: PORT,
      path: "/api/bookmarks",
      method: "POST",
      agent: false,
      headers: { origin: ORIGIN, cookie, accept: "application/json", "content-type": "application/x-www-form-urlencoded", ...(chunked ? {} : { "content-length": String(body.length) }) },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on("error", reject);
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
    });
    request.end(body);
    // The name is not a .se or .nu name: the form was read and understood (any valid name can be watched).
    expect(await answer).toEqual({ status: 400, body: JSON.stringify({ ok: false, error: "Ogiltig domän." }) });
  }
});

test("only an administrator's list upload to the backoffice may be larger than 64 KB", async () => {
  // 200 KB of list for an import configuration that does not exist: read in full, then refused by the route.
  const form = new FormData();
  form.set("intent", "upload-import");
  form.set("configId", "999999999");
  form.set("file", new File([JSON.stringify({ data: [{ name: "a".repeat(200 * 1024) }] })], "list.json", { type: "application/json" }));
  const admin = await fetch(`${ORIGIN}/admin/imports.data`, { method: "POST", headers: { cookie: await signedInCookie({ admin: true }), origin: ORIGIN }, body: form });
  expect(await admin.text()).toContain("The import configuration no longer exists");

  // The same size from a plain user is refused before any of it is sent.
  const headers = { cookie: await signedInCookie(), origin: ORIGIN, accept: "application/json", "content-type": "multipart/form-data; boundary=x" };
  const user = await postWithoutFinishing("/admin/imports.data", { headers, sendBytes: 0, declaredLength: 200 * 1024 });
  expect(user.status).toBe(413);
});

test("a malformed multipart body is answered 400 (415 where no multipart is taken) with a message, never 5xx", async () => {
  const cookie = await signedInCookie();
  // Signed in where the form needs it (a signed-in visitor of /auth is sent on to the home page).
  const signedIn = new Set(["/account", "/api/bookmarks"]);
  for (const path of ["/auth", "/account", "/api/bookmarks", "/contact", "/api/enquiry", "/api/auth/sign-in/email"]) {
    const response = await fetch(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { origin: ORIGIN, ...(signedIn.has(path) ? { cookie } : {}), accept: "application/json", "content-type": "multipart/form-data; boundary=x" },
      body: "--x\r\nbroken",
      redirect: "manual",
    });
    const text = await response.text();
    // better-auth's sign-in takes JSON or a plain form only: 415 there.
    expect(response.status, `${path}: ${text.slice(0, 200)}`).toBe(path.startsWith("/api/auth/") ? 415 : 400);
    expect(text, path).toMatch(/[a-zåäö]{4,}/i);
  }
});
