import { writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { BufferedAnswer, CacheRequest } from "~/server/cache/http-cache.server";
import { admitRequestBody, bodyTooLarge, countedBody, REQUEST_BODY_LIMIT_BYTES } from "./request-body.server";
import { actionlessPostAnswer, hostAuthority, postsWithoutAction } from "./unroutable-requests.server";

/** The server's answer to a web Request, as React Router's request handler gives it. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** Answers a GET or HEAD from a cache, or through `render` (server/app.ts passes answerThroughHttpCache). */
export type PageCache = (request: CacheRequest, render: () => Promise<Response>) => Promise<Response | BufferedAnswer>;

/** Hands Express requests to React Router, as @react-router/express does (see expressHandler; why not the package: decision 0059). */
export function createReactRouterHandler(
  build: ServerBuild,
  mode: string,
  options: {
    /** The services the route modules read from their `context` (app-context.server.ts). */
    loadContext: () => RouterContextProvider;
    pageCache?: PageCache;
  },
): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  const withoutAction = postsWithoutAction(build);
  return expressHandler((request) => (withoutAction(request) ? Promise.resolve(actionlessPostAnswer()) : handle(request, options.loadContext())), {
    pageCache: options.pageCache,
  });
}

/**
 * Answers Express requests with `handle`'s web Response, but the body is
 * admitted before any of it is read (request-body.server.ts: another site's
 * post gets 403, a declared length over the limit 413) and counted while the
 * app reads it; past the limit the answer is 413. The app's headers replace
 * the base security headers of the same name. GET and HEAD go through
 * `pageCache` when there is one.
 * An answer given before the request's body has ended goes out with
 * Connection: close, and Node closes the connection once it is sent: the rest
 * of such a body is not waited for.
 */
export function expressHandler(handle: FetchHandler, options: { pageCache?: PageCache } = {}): express.RequestHandler {
  const { pageCache } = options;
  return async (req, res, next) => {
    try {
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      if (!hasBody) {
        const render = () => handle(fetchRequest(req, res, undefined));
        return await send(res, pageCache ? await pageCache(cacheRequest(req), render) : await render());
      }
      let limitBytes = REQUEST_BODY_LIMIT_BYTES;
      let tooLarge = false;
      const body = countedBody(req, () => limitBytes, () => (tooLarge = true));
      const request = fetchRequest(req, res, body);
      const admitted = await admitRequestBody(request);
      if (!admitted.ok) return await send(res, admitted.response);
      limitBytes = admitted.limitBytes;
      const response = await handle(request);
      if (tooLarge) {
        await response.body?.cancel();
        return await send(res, bodyTooLarge(request));
      }
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** What the page cache reads of a request, without building a web Request for it. */
function cacheRequest(req: express.Request): CacheRequest {
  return { method: req.method, url: req.originalUrl, headers: { get: (name) => req.get(name) ?? null } };
}

function fetchRequest(req: express.Request, res: express.Response, body: ReadableStream<Uint8Array> | undefined) {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of [values].flat()) headers.append(name, value);
  }
  // The Host header as an authority, port included: "[::1]:3000" is not cut at its first colon, or
  // React Router's and our same-origin checks would compare the page's origin with one without
  // its port. server/app.ts has refused a Host that is not one and filled in a missing one.
  const host = hostAuthority(req.get("host") ?? "", req.protocol) ?? "localhost";
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (body) Object.assign(init, { body, duplex: "half" });
  return new Request(url.href, init);
}

async function send(res: express.Response, answer: Response | BufferedAnswer) {
  if (res.destroyed || res.writableEnded) {
    if (answer instanceof Response) await answer.body?.cancel();
    return;
  }
  if (answer instanceof Response) res.statusMessage = answer.statusText;
  res.status(answer.status);
  // The app's headers replace those set before it (the base security headers): a route's own
  // Referrer-Policy is sent instead of the site's, not beside it. Cookies are each their own header.
  for (const [name, value] of answer.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  // A 304 keeps the policy the browser has, whose nonce matches the body it has (http-cache.server.ts).
  if (answer.status === 304 && !answer.headers.has("content-security-policy")) res.removeHeader("Content-Security-Policy");
  // A buffered answer is one the page cache may keep, which sets no cookie.
  if (!(answer instanceof Response)) return void res.end(answer.body ?? undefined);
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) res.append("Set-Cookie", cookies);
  if (/text\/event-stream/i.test(answer.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!answer.body) return void res.end();
  try {
    await writeReadableStreamToWritable(answer.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
