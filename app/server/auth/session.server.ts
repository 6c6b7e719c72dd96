import { data, redirect } from "react-router";
import { getAuth } from "./auth.server";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  createdAt: Date;
};

type SessionLookup = { user: SessionUser | null; setCookie: string | null };

// The root loader, the page's loader and its access check all ask about the same
// request: one database lookup serves them all.
const lookups = new WeakMap<Request, Promise<SessionLookup>>();

function lookUpSession(request: Request): Promise<SessionLookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = readSession(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** better-auth's cookies (`__Secure-` prefixed on a production https site); without one there is no session to read. */
const AUTH_COOKIE = /(^|;\s*)(__Secure-)?better-auth\.[A-Za-z_]+=/;

export function hasAuthCookie(cookieHeader: string | null | undefined): boolean {
  return Boolean(cookieHeader && AUTH_COOKIE.test(cookieHeader));
}

async function readSession(request: Request): Promise<SessionLookup> {
  // Most page views are anonymous: skip better-auth (its context, a header copy, a promise chain) for them.
  if (!hasAuthCookie(request.headers.get("cookie"))) return { user: null, setCookie: null };
  const auth = await getAuth();
  const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  // better-auth extends an active session once a day; its new cookie must reach the browser.
  const setCookie = headers.get("set-cookie");
  if (!response?.user) return { user: null, setCookie };
  const user = response.user as typeof response.user & { role?: string | null; banned?: boolean | null };
  if (user.banned) return { user: null, setCookie };
  return {
    user: { id: user.id, email: user.email, name: user.name, isAdmin: user.role === "admin", createdAt: new Date(user.createdAt) },
    setCookie,
  };
}

/** The signed-in user of this request, or null. Reads the session from the database once per request. */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  return (await lookUpSession(request)).user;
}

/** The refreshed session cookie for this request, when better-auth extended the session. */
export async function getSessionCookieRefresh(request: Request): Promise<string | null> {
  return (await lookUpSession(request)).setCookie;
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
 * Pages: non-admins are redirected to / (docs/product.md, "Roles"). Actions/API: 401 or 403.
 */
export async function requireAdmin(request: Request, options: { as?: "page" | "api" } = {}): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (user?.isAdmin) return user;
  if (options.as === "api") {
    throw data({ error: user ? "Admin role required." : "Sign in required." }, { status: user ? 403 : 401 });
  }
  throw redirect("/");
}
