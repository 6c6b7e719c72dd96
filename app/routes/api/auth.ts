import { refuseAuthRequest } from "~/server/auth/auth-request-guard.server";
import { getAuth } from "~/server/auth/auth.server";
import type { Route } from "./+types/auth";

/**
 * better-auth's endpoints under /api/auth/*: only those in public-auth-paths.server.ts,
 * and only with callback values that are paths of this site.
 */
async function handle(request: Request) {
  return (await refuseAuthRequest(request)) ?? (await getAuth()).handler(request);
}

export const loader = ({ request }: Route.LoaderArgs) => handle(request);
export const action = ({ request }: Route.ActionArgs) => handle(request);
