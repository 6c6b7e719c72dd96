import { redirect } from "react-router";
import { signOut } from "~/server/auth/sign-out.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import { redirectWithToast, SESSION_TOAST_ID } from "~/server/toast.server";
import type { Route } from "./+types/logout";

/** GET shows nothing to sign out with: a link or prefetch must never end a session. */
export function loader() {
  return redirect("/account");
}

/** POST /account/logout: ends the session in the database, clears its cookie, "Utloggad". */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const headers = await signOut(request);
  return redirectWithToast("/", { id: SESSION_TOAST_ID, title: "Utloggad", description: "Du har loggat ut" }, { headers });
}
