import { releaseBoardHub } from "~/server/availability/release-board-live.server";
import type { Route } from "./+types/release-today-events";

/**
 * /slapps-idag/events: the board's changes as Server-Sent Events, from the process's one shared
 * reader (release-board-live.server.ts). The stream ends when the browser leaves or the server stops.
 */
export function loader({ request }: Route.LoaderArgs) {
  return releaseBoardHub().stream(request.signal);
}
