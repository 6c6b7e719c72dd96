// Requests the site cannot route, as the outside probe sent them (its low finding 2): TRACE,
// `GET *`, an absolute-form target and HTTP/1.0 without a Host answered 500 with a stack trace in
// the log, and every 405 (PUT, DELETE, a POST to a page without an action) was logged as an
// unhandled error and, as JSON, said "Unexpected Server Error". Now each is answered at the edge,
// before any page code: 405 or 501 for the method, 400 for the target, and nothing is logged as
// an error. Also its low finding 7: a form posted to http://[::1]:3000 reached React Router as a
// request to http://[::1]/, without its port, so the same-origin checks refused it.
import express from "express";
import net from "node:net";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServerBuild } from "react-router";
import { expressHandler } from "~/server/http/react-router-handler.server";
import { postsWithoutAction, refuseUnroutableRequests } from "~/server/http/unroutable-requests.server";
import { logger } from "~/server/logger.server";
import { isSameOrigin } from "~/server/security/same-origin.server";
import { servePagesForTests } from "~tests/support/serve-pages";
import { serverRouteTable } from "./support/route-table";

/** What reached the page code behind the edge (a stand-in for React Router), request by request. */
const reached: Request[] = [];
const app = express();
app.use(refuseUnroutableRequests);
app.use(
  expressHandler(async (request) => {
    reached.push(request);
    return new Response(JSON.stringify({ url: request.url, sameOrigin: isSameOrigin(request) }), {
      headers: { "Content-Type": "application/json" },
    });
  }),
);
const base = servePagesForTests(app);
const port = () => Number(new URL(base()).port);

const spies: { mockRestore(): void }[] = [];
afterEach(() => {
  reached.length = 0;
  for (const spy of spies.splice(0)) spy.mockRestore();
});

/** Watches the log for errors during one test. */
function loggedErrors() {
  const spy = vi.spyOn(logger, "error");
  spies.push(spy);
  return spy;
}

type RawAnswer = { status: number; head: string; body: string };

/** Sends `lines` (the request line and headers) as they are, on their own connection. */
function raw(lines: string[]): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port(), "127.0.0.1", () => socket.write(`${lines.join("\r\n")}\r\n\r\n`));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const [head, ...rest] = text.split("\r\n\r\n");
      const body = rest.join("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), head, body: /transfer-encoding: chunked/i.test(head) ? unchunked(body) : body });
    });
  });
}

/** A chunked body's text (small bodies: the sizes are read, the chunks joined). */
function unchunked(body: string): string {
  let text = "";
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!(size > 0)) return text;
    text += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

const host = () => `Host: 127.0.0.1:${port()}`;

describe("requests the site cannot route", () => {
  it.each([
    ["TRACE /", 405],
    ["PUT /", 405],
    ["DELETE /about", 405],
    ["PATCH /account", 405],
    ["PROPFIND /", 501],
    ["GET *", 400],
    ["GET http://evil.example/", 400],
    ["POST http://evil.example/contact", 400],
  ])("%s is answered %i at the edge: no page code, no stack trace, no error in the log", async (requestLine, status) => {
    const errors = loggedErrors();
    const answer = await raw([`${requestLine} HTTP/1.1`, host(), "Origin: http://evil.example", "Content-Length: 0", "Connection: close"]);
    expect(answer.status).toBe(status);
    if (status === 405) expect(answer.head).toMatch(/\r\nAllow: GET, HEAD, POST\r\n/i);
    expect(answer.head).toMatch(/\r\nCache-Control: no-store\r\n/i);
    expect(answer.body).not.toMatch(/Error|at \w+ \(|Unexpected Server Error/);
    expect(reached).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it("a Host that is not an authority is a 400", async () => {
    for (const bad of ["Host: evil.example/path", "Host: user@evil.example", "Host: ", "Host: exa mple.se"]) {
      const answer = await raw(["GET / HTTP/1.1", bad, "Connection: close"]);
      expect(answer.status, bad).toBe(400);
    }
    expect(reached).toEqual([]);
  });

  it("HTTP/1.0 without a Host (a load balancer's health check) is served as a request for SITE_URL's host", async () => {
    const errors = loggedErrors();
    const answer = await raw(["GET /healthz HTTP/1.0"]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ url: "http://localhost:3000/healthz" });
    expect(errors).not.toHaveBeenCalled();
  });

  it("OPTIONS * is let through to the server's own OPTIONS answer", async () => {
    const answer = await raw(["OPTIONS * HTTP/1.1", host(), "Connection: close"]);
    expect(answer.status).not.toBe(400);
  });
});

describe("a POST to a route without an action", () => {
  let withoutAction: (request: Request) => boolean;
  beforeAll(async () => {
    withoutAction = postsWithoutAction({ routes: (await serverRouteTable()) as unknown as ServerBuild["routes"] });
  });
  const post = (path: string) => new Request(`http://localhost:3000${path}`, { method: "POST" });

  it.each([
    "/about",
    "/about.data",
    "/healthz",
    "/api/v1/domains",
    "/slapps-idag/events",
    "/export/premium.csv",
    "/featured",
    "/no-such-page",
  ])("POST %s is the edge's 405, before React Router runs the page's loaders", (path) => expect(withoutAction(post(path))).toBe(true));

  it.each(["/contact", "/contact.data", "/auth", "/auth.data?index", "/api/enquiry", "/account", "/admin/imports"])(
    "POST %s goes on to its action (or React Router's 404)",
    (path) => expect(withoutAction(post(path))).toBe(false),
  );

  it("GET is never refused as a POST without an action", () => {
    expect(withoutAction(new Request("http://localhost:3000/about"))).toBe(false);
  });
});

describe("the site reached by an IPv6 literal", () => {
  it("a form post to http://[::1]:port keeps its port, so it is from the site's own origin", async () => {
    const origin = `http://[::1]:${port()}`;
    const answer = await raw([
      "POST /contact HTTP/1.1",
      `Host: [::1]:${port()}`,
      `Origin: ${origin}`,
      "Content-Type: application/x-www-form-urlencoded",
      "Content-Length: 0",
      "Connection: close",
    ]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ url: `${origin}/contact`, sameOrigin: true });
  });
});
