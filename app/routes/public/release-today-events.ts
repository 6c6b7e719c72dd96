import { releaseBoardHub } from "~/server/availability/release-board-live.server";
import { getClientIp, rateLimitBucket } from "~/server/security/client-ip.server";
import type { Route } from "./+types/release-today-events";

/**
 * /slapps-idag/events: the board's changes as Server-Sent Events, from the process's one shared
 * reader (release-board-live.server.ts). The stream ends when the browser leaves or the server stops;
 * a client holding too many already gets a 429.
 */
export function loader({ request }: Route.LoaderArgs) {
  // One client may hold only so many streams, counted in the bucket of the address the server set
  // (server/app.ts) as the login limits count it: an IPv6 /64 is one client, ::ffff:a.b.c.d is a.b.c.d.
  return releaseBoardHub().stream(request.signal, rateLimitBucket(getClientIp(request.headers)) ?? undefined);
}
