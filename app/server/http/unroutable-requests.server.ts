import type express from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { getEnv } from "~/server/env.server";

/** What every page and file of the site takes (OPTIONS is answered by server/app.ts and the API). */
export const ALLOWED_METHODS = "GET, HEAD, POST";
const HANDLED_METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);
/** Methods HTTP itself defines (RFC 9110, RFC 5789): known, just not taken here, so 405. Any other is 501. */
const KNOWN_METHODS = new Set(["PUT", "DELETE", "PATCH", "TRACE", "CONNECT", "QUERY"]);

export type Refusal = { status: 400 | 405 | 501; allow?: string; message: string };

const REFUSALS = {
  notAllowed: { status: 405, allow: ALLOWED_METHODS, message: "Metoden stöds inte här." },
  notImplemented: { status: 501, message: "Metoden stöds inte av webbplatsen." },
  badTarget: { status: 400, message: "Adressen i förfrågan kan inte användas." },
  badHost: { status: 400, message: "Förfrågan saknar en användbar värd (Host)." },
} as const satisfies Record<string, Refusal>;

/**
 * The Host header as an authority ("example.se", "[::1]:3000"), lower case, or null when it is
 * not one (a path, a user, spaces ...). The port stays: an IPv6 literal's colons are not a port's.
 */
export function hostAuthority(host: string, protocol = "http"): string | null {
  if (host === "" || /[\s/\\?#@]/.test(host)) return null;
  try {
    return new URL(`${protocol}://${host}`).host || null;
  } catch {
    return null;
  }
}

/**
 * Why the site cannot route a request, or null when it can: a method it does not take (405 for
 * one HTTP defines, 501 for any other), a target that is not a path (`*`, or the absolute form
 * `http://evil.example/` a proxy is sent) or a Host that is not an authority (400). Decided on
 * the request line and the Host alone, so no page code runs for them and none of them is an
 * error (nothing can throw past it into a 500 with a stack trace).
 */
export function unroutableRefusal(request: { method: string; target: string; host: string | undefined }): Refusal | null {
  if (!HANDLED_METHODS.has(request.method)) return KNOWN_METHODS.has(request.method) ? REFUSALS.notAllowed : REFUSALS.notImplemented;
  // OPTIONS * asks what the server as a whole takes; server/app.ts answers it with the other OPTIONS.
  if (!request.target.startsWith("/") && !(request.method === "OPTIONS" && request.target === "*")) return REFUSALS.badTarget;
  if (request.host !== undefined && hostAuthority(request.host) === null) return REFUSALS.badHost;
  return null;
}

/** A refusal's answer: plain text, never cached; a 405 says what is taken. */
export function sendRefusal(response: express.Response, refusal: Refusal) {
  if (refusal.allow) response.setHeader("Allow", refusal.allow);
  response.setHeader("Cache-Control", "no-store");
  response.status(refusal.status).type("text/plain; charset=utf-8").send(refusal.message);
}

/**
 * server/app.ts mounts this before anything else reads the request: what cannot be routed is
 * answered here. A request without Host (HTTP/1.0 allows it: a load balancer's health check)
 * is taken as one for SITE_URL's host; Node itself refuses HTTP/1.1 without one.
 */
export function refuseUnroutableRequests(request: express.Request, response: express.Response, next: express.NextFunction) {
  const refusal = unroutableRefusal({ method: request.method, target: request.originalUrl, host: request.headers.host });
  if (refusal) return sendRefusal(response, refusal);
  if (request.headers.host === undefined) request.headers.host = new URL(getEnv().SITE_URL).host;
  next();
}

type RouteTreeNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteTreeNode[] };

function routeTree(routes: ServerBuild["routes"], parentId: string | undefined): RouteTreeNode[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      index: route!.index,
      caseSensitive: route!.caseSensitive,
      children: routeTree(routes, route!.id),
    }));
}

/**
 * Whether a POST goes to a page or resource route without an action, decided from the build's
 * route table as React Router picks an action's route (the deepest route with a path, or the
 * index route when the URL says `?index`; a data request's `/x.data` is `/x`). React Router
 * would answer it 405 too, but only after running the page's loaders, logging it as an
 * unhandled error and, in production, saying "Unexpected Server Error"; this answers it first.
 */
export function postsWithoutAction(build: Pick<ServerBuild, "routes">): (request: Request) => boolean {
  const tree = routeTree(build.routes, undefined) as RouteObject[];
  return (request) => {
    if (request.method !== "POST") return false;
    const url = new URL(request.url);
    const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
    const matches = matchRoutes(tree, path);
    // No route: React Router's 404.
    if (!matches) return false;
    const last = matches.at(-1)!;
    const toIndex = last.route.index === true && url.searchParams.getAll("index").includes("");
    const target = toIndex ? last : matches.filter((match, at) => at === 0 || Boolean(match.route.path)).at(-1)!;
    return !build.routes[target.route.id!]?.module.action;
  };
}

/** The answer to a POST to a route without an action: the edge's 405, saying what the route takes. */
export function actionlessPostAnswer(): Response {
  return new Response(REFUSALS.notAllowed.message, {
    status: 405,
    headers: { Allow: "GET, HEAD", "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
  });
}
