import { releaseBoardHub } from "~/server/availability/release-board-live.server";
import type { Route } from "./+types/release-today-events";

/**
 * /slapps-idag/events: the board's changes as Server-Sent Events, from the process's one shared
 * reader (release-board-live.server.ts). The stream ends when the browser leaves or the server stops;
 * a client holding too many already gets a 429.
 */
export function loader({ request }: Route.LoaderArgs) {
  // The client's address as the server set it (server/app.ts): one client may hold only so many streams.
  return releaseBoardHub().stream(request.signal, request.headers.get("x-client-ip") ?? undefined);
}
