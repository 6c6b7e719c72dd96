import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";
import { NonceContext } from "./lib/nonce";
import { isDatabaseUnavailableError, noteDatabaseUnavailable } from "./server/db/database-availability.server";
import { logger } from "./server/logger.server";
import { databaseHandleOf } from "./server/app-context.server";
import { contentSecurityPolicy } from "./server/security-headers.server";

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A loader that failed because the database is unreachable makes the page a 503, not a 500.
  const errors = Object.values(routerContext.staticHandlerContext.errors ?? {});
  if (errors.some(isDatabaseUnavailableError)) responseStatusCode = 503;
  const nonce = randomBytes(16).toString("base64");
  const policy = contentSecurityPolicy(nonce);
  if (policy) responseHeaders.set("Content-Security-Policy", policy);
  // The base headers (nosniff, Referrer-Policy ...) are set by server/app.ts on every response;
  // setting them here too would make the Express adapter send each one twice.

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "error while streaming a page");
        },
      },
    );
  });
}

/** Unexpected loader/action/render errors: logged once with the request, never shown to the visitor. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A method the route does not take is the client's mistake, not ours (the bridge answers a POST
  // to a route without an action before React Router sees it: unroutable-requests.server.ts).
  if (isRouteErrorResponse(error) && error.status === 405) return;
  if (isDatabaseUnavailableError(error)) {
    noteDatabaseUnavailable(async () => (await databaseHandleOf(context)).query("select 1"));
  }
  logger.error({ err: error, method: request.method, url: request.url }, "unhandled error");
};
