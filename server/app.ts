import express from "express";
import { randomUUID } from "node:crypto";
import "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { appContext } from "~/server/app-context.server";
import { answerThroughHttpCache } from "~/server/cache/http-cache.server";
import { invalidateCachesOnSocketQueries } from "~/server/cache/invalidate-on-socket-queries.server";
import { databaseLooksDown } from "~/server/db/database-availability.server";
import { markReleasedBeforeReading } from "~/server/domains/mark-released.server";
import { getEnv } from "~/server/env.server";

export { precompressedAssets } from "~/server/http/precompressed-assets.server";
import { createReactRouterHandler } from "~/server/http/react-router-handler.server";
import { swedishNotice } from "~/server/http/swedish-notice.server";
import { refuseUnroutableRequests } from "~/server/http/unroutable-requests.server";
import { logger } from "~/server/logger.server";
import { requestContext } from "~/server/request-context.server";
import { baseSecurityHeaders } from "~/server/security-headers.server";
import { clientAddressOf } from "~/server/security/client-ip.server";
import { getHandle, getServices, stopServices } from "~/server/services.server";

/**
 * The request handler the production server mounts (server.js). It is built
 * by Vite together with the app, so the app and its services share modules.
 */
export const app = express();
app.disable("x-powered-by");

/** The base security headers; server.js also mounts this before its static files, so assets get them too. */
export function securityHeaders(_request: express.Request, response: express.Response, next: express.NextFunction) {
  for (const [name, value] of Object.entries(baseSecurityHeaders())) response.setHeader(name, value);
  next();
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

app.use((request, response, next) => {
  // A proxy's request id is kept when it looks like one; otherwise we make one.
  const incoming = request.get("x-request-id");
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  response.setHeader("X-Request-Id", requestId);
  // Per-IP limits read x-client-ip; we set it ourselves so a client cannot choose its own.
  request.headers["x-client-ip"] = clientAddress(request);
  const started = process.hrtime.bigint();
  response.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    requestContext.run({ requestId }, () =>
      logger.info({ method: request.method, path: request.path, status: response.statusCode, ms: Math.round(ms) }, "request"),
    );
  });
  requestContext.run({ requestId }, next);
});
app.use(securityHeaders);
// TRACE, PUT, `GET *`, `GET http://evil.example/`, a Host that is not one: answered 405/501/400 here, before any page code.
app.use(refuseUnroutableRequests);

const UNAVAILABLE_PAGE = swedishNotice("Tjänsten är tillfälligt otillgänglig", "Vi kan inte nå databasen just nu. Försök igen om en liten stund.");

// While the database is unreachable, answer at once instead of letting requests queue for connections.
app.use((request, response, next) => {
  if (!databaseLooksDown() || request.path === "/healthz") return next();
  response.status(503).setHeader("Retry-After", "5");
  response.setHeader("Cache-Control", "no-store");
  if (request.accepts(["html", "json"]) === "json") return response.json({ error: "Tjänsten är tillfälligt otillgänglig." });
  response.type("html").send(UNAVAILABLE_PAGE);
});

function clientAddress(request: express.Request) {
  return clientAddressOf({ socketAddress: request.socket.remoteAddress, forwardedFor: request.get("x-forwarded-for"), trustProxy: getEnv().TRUST_PROXY });
}

// OPTIONS asks what a URL allows; React Router would run the route's loader for it (render a page, start
// a download and count it against its limit). The public API answers its own CORS preflights
// (apiPreflight); every other URL says what it takes, and nothing runs.
app.use((request, response, next) => {
  if (request.method !== "OPTIONS" || request.path.startsWith("/api/v1/")) return next();
  response.setHeader("Allow", "GET, HEAD, POST");
  response.setHeader("Cache-Control", "no-store");
  response.status(204).end();
});

// From 04:00 UTC released names are stored as available before any request reads domains or a cached page
// (docs/product.md, "The release morning"); a no-op check on every other request.
app.use(markReleasedBeforeReading(getHandle));

// The build itself, not a function returning it: given a function, React Router derives its
// routes and static handler again on every request (meant for a dev server's reloads).
// Every request body is admitted and limited here, before any route reads it (request-body.server.ts).
// Around React Router's answers, for anonymous visitors of public pages: Cache-Control, ETag/304 and
// a seconds-long micro-cache of rendered answers (app/server/cache/), after the mark-released step above.
app.use(
  createReactRouterHandler(serverBuild, getEnv().NODE_ENV, { loadContext: () => appContext(getServices), pageCache: answerThroughHttpCache }),
);

/** Stops the job runner only (server.js does this while requests drain; stopServices then closes the rest). */
export async function stopJobs() {
  const services = await getServices().catch(() => undefined);
  await services?.jobs?.stop();
}

/**
 * Starts the services before the server takes requests (server.js). On the
 * embedded database, writes that arrive through its socket (the CLI, e2e
 * fixtures) drop the page micro-cache like the app's own changes do.
 */
export async function startServices() {
  const services = await getServices();
  if (services.handle.pglite) invalidateCachesOnSocketQueries(services.handle.pglite);
  return services;
}

export { stopServices };
/** The open release boards' event streams end at shutdown (server.js), so they do not hold the server open. */
export { closeReleaseBoardStreams } from "~/server/availability/release-board-live.server";
