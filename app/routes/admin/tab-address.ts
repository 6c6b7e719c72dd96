import { redirect } from "react-router";
import { adminTabAddress } from "~/lib/admin-tabs";
import { requireAdmin } from "~/server/auth/session.server";
import type { Route } from "./+types/tab-address";

/**
 * /admin, /backoffice and the single page's old addresses (`/admin?tab=premium&q=katt`,
 * `/backoffice?tab=users`): each tab has its own page now, and these go to it with
 * their other parameters kept — /admin itself to the Domains tab (decision
 * 0061-backoffice-tabs-as-routes). Admins only, like the pages: anyone else
 * goes straight to the home page. Temporary (302), as the answer depends on
 * who asks.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, { as: "page" });
  return redirect(adminTabAddress(new URL(request.url).searchParams));
}
