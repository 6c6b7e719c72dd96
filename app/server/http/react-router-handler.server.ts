import { writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { admitRequestBody, bodyTooLarge, countedBody, REQUEST_BODY_LIMIT_BYTES } from "./request-body.server";

/**
 * Hands Express requests to React Router, as @react-router/express does, but
 * the body is admitted before any of it is read (request-body.server.ts:
 * another site's post gets 403, a declared length over the limit 413) and
 * counted while the app reads it; past the limit the answer is 413. The
 * app's headers replace the base security headers of the same name.
 * An answer given before the request's body has ended goes out with
 * Connection: close, and Node closes the connection once it is sent: the rest
 * of such a body is not waited for.
 */
export function createReactRouterHandler(
  build: ServerBuild,
  mode: string,
  /** The services the route modules read from their `context` (app-context.server.ts). */
  loadContext: () => RouterContextProvider,
): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      let limitBytes = REQUEST_BODY_LIMIT_BYTES;
      let tooLarge = false;
      const body = hasBody ? countedBody(req, () => limitBytes, () => (tooLarge = true)) : undefined;
      const request = fetchRequest(req, res, body);
      if (hasBody) {
        const admitted = await admitRequestBody(request);
        if (!admitted.ok) return await send(res, admitted.response);
        limitBytes = admitted.limitBytes;
      }
      const response = await handle(request, loadContext());
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
  // As @react-router/express builds it: the Host header's name (cut at anything that would end it) and port.
  const port = Number.parseInt(req.get("host")?.split(":")[1] ?? "", 10);
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${Number.isSafeInteger(port) ? `:${port}` : ""}`;
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (body) Object.assign(init, { body, duplex: "half" });
  return new Request(url.href, init);
}

async function send(res: express.Response, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The app's headers replace those set before it (the base security headers): a route's own
  // Referrer-Policy is sent instead of the site's, not beside it. Cookies are each their own header.
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.append("Set-Cookie", cookies);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

