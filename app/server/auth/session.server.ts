import { data, redirect } from "react-router";
import { getAuth } from "./auth.server";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  createdAt: Date;
};

/** The signed-in user of this request, or null. Reads the session from the database every time. */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers: request.headers });
  if (!result?.user) return null;
  const user = result.user as typeof result.user & { role?: string | null; banned?: boolean | null };
  if (user.banned) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isAdmin: user.role === "admin",
    createdAt: new Date(user.createdAt),
  };
}

/**
 * For pages: a visitor is sent to /auth (and back here afterwards).
 * For actions and API calls (`as: "api"`): 401 with a message.
 */
export async function requireUser(request: Request, options: { as?: "page" | "api" } = {}): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (user) return user;
  if (options.as === "api") {
    throw data({ error: "Du måste vara inloggad." }, { status: 401 });
  }
  const url = new URL(request.url);
  throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * Every admin loader and action calls this itself, not only the layout.
 * Pages: non-admins are redirected to / (spec §6). Actions/API: 401 or 403.
 */
export async function requireAdmin(request: Request, options: { as?: "page" | "api" } = {}): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (user?.isAdmin) return user;
  if (options.as === "api") {
    throw data({ error: user ? "Admin role required." : "Sign in required." }, { status: user ? 403 : 401 });
  }
  throw redirect("/");
}
