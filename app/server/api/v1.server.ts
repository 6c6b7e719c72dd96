/**
 * What every answer of the public API shares (docs/api.md): JSON with an
 * ETag (a client sending it back gets 304), open CORS for reading, the
 * RateLimit-* headers, and errors as RFC 9457 problem details.
 */
import { createHash } from "node:crypto";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { Problem } from "~/domain/api-v1";
import { maxAgeBeforeRelease } from "~/server/cache/http-cache.server";
import { logger } from "~/server/logger.server";
import { rateLimiter, secondsUntil } from "~/server/rate-limit.server";
import { getClientIp, rateLimitBucket } from "~/server/security/client-ip.server";

/** Requests per address: a script paging through a list at a steady pace fits; a flood does not. */
export const API_RATE_LIMIT = { name: "api-v1", points: 600, durationSeconds: 60 };

export const API_CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  // A page on another site may read only the safelisted headers unless these are named.
  "Access-Control-Expose-Headers": "ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After",
};

/** How long a browser may reuse a preflight's answer (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/**
 * The answer to a browser's CORS preflight: a page on another site sending If-None-Match
 * (not a safelisted header) asks with OPTIONS first. React Router hands OPTIONS to the
 * route's loader, so each API loader answers it here, before the rate limit: a preflight
 * reads nothing and is not an API call of its own. Null for any other method.
 */
export function apiPreflight(request: Request): Response | null {
  if (request.method !== "OPTIONS") return null;
  return new Response(null, {
    status: 204,
    headers: {
      ...API_CORS_HEADERS,
      "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
      "Access-Control-Allow-Headers": "If-None-Match, Accept",
      "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
      "Cache-Control": "public, max-age=86400",
    },
  });
}

export type RateLimitHeaders = Record<string, string>;

/** Counts the request; the headers to send, or the 429 to answer with. */
export async function limitApiRequest(
  request: Request,
): Promise<{ ok: true; headers: RateLimitHeaders } | { ok: false; response: Response }> {
  const bucket = rateLimitBucket(getClientIp(request.headers));
  if (!bucket) return { ok: true, headers: {} };
  const headers = (remaining: number, msBeforeNext: number) => ({
    "RateLimit-Limit": String(API_RATE_LIMIT.points),
    "RateLimit-Remaining": String(Math.max(0, remaining)),
    "RateLimit-Reset": String(secondsUntil(msBeforeNext)),
  });
  try {
    const result = await rateLimiter(API_RATE_LIMIT).consume(bucket);
    return { ok: true, headers: headers(result.remainingPoints, result.msBeforeNext) };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) {
      logger.error({ err: rejection }, "rate limiter unavailable; allowing the API request");
      return { ok: true, headers: {} };
    }
    const retryAfter = String(secondsUntil(rejection.msBeforeNext));
    return {
      ok: false,
      response: problemResponse(
        429,
        "Too many requests",
        `At most ${API_RATE_LIMIT.points} requests a minute per address; try again in ${retryAfter} s.`,
        {
          ...headers(0, rejection.msBeforeNext),
          "Retry-After": retryAfter,
        },
      ),
    };
  }
}

/** A successful answer: the JSON, its ETag (304 when the client has it), cache and CORS headers. */
export function apiJson(request: Request, body: unknown, extra: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  const etag = `"${createHash("sha1").update(text).digest("base64url")}"`;
  const headers = {
    ...API_CORS_HEADERS,
    ...extra,
    "Content-Type": "application/json; charset=utf-8",
    ETag: etag,
    // A minute's reuse at most, and nothing kept past a release morning.
    "Cache-Control": `public, max-age=${maxAgeBeforeRelease(60, new Date())}`,
  };
  const sent = request.headers.get("if-none-match");
  if (sent && sent.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return new Response(null, { status: 304, headers });
  return new Response(text, { headers });
}

/** An error as problem details (RFC 9457). */
export function problemResponse(status: number, title: string, detail?: string, extra: Record<string, string> = {}): Response {
  const problem: Problem = { type: "about:blank", title, status, ...(detail ? { detail } : {}) };
  return new Response(JSON.stringify(problem), {
    status,
    headers: { ...API_CORS_HEADERS, ...extra, "Content-Type": "application/problem+json; charset=utf-8", "Cache-Control": "no-store" },
  });
}
