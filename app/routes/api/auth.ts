import { getAuth } from "~/server/auth/auth.server";
import type { Route } from "./+types/auth";

/** better-auth's endpoints under /api/auth/* (sign-in, sign-up, sign-out, session, verify-email ...). */
async function handle(request: Request) {
  return (await getAuth()).handler(request);
}

export const loader = ({ request }: Route.LoaderArgs) => handle(request);
export const action = ({ request }: Route.ActionArgs) => handle(request);
