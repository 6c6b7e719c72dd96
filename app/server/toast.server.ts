import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { getAuthSecret } from "./auth/auth-secret.server";
import { getEnv } from "./env.server";

/**
 * One-shot toasts that survive a redirect ("Inloggad" after signing in, "Utloggad"
 * after signing out): the action puts the toast in a short-lived signed cookie and the
 * root loader reads it once, clears it and hands it to the page, which shows it with
 * sonner. Signed so nobody can make the site show a message of their choosing.
 */
const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  id: z.string().max(64).optional(),
});

/**
 * The id of the toasts that say who is signed in ("Inloggad", "Utloggad"): sonner replaces a toast
 * that shares it, so signing out never leaves "Du är nu inloggad!" beside "Utloggad".
 */
export const SESSION_TOAST_ID = "session";

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

async function toastCookie() {
  const env = getEnv();
  return createCookie("snart_toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.NODE_ENV === "production" && env.SITE_URL.startsWith("https://"),
    maxAge: 60,
    secrets: [await getAuthSecret()],
  });
}

/** The Set-Cookie value that carries `toast` to the next page. */
export async function createToastHeader(toast: ToastInput): Promise<string> {
  const value = toastSchema.parse({ ...toast, id: toast.id ?? crypto.randomUUID() });
  return (await toastCookie()).serialize(value);
}

/** Redirects and shows `toast` on the page redirected to. Extra headers (e.g. session cookies) are kept. */
export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await createToastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** For the root loader: the pending toast (if any) and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes("snart_toast=")) return { toast: null, headers: null };
  const cookie = await toastCookie();
  const raw = await cookie.parse(cookieHeader);
  const parsed = toastSchema.safeParse(raw);
  const headers = new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0, expires: new Date(0) }) });
  return { toast: parsed.success ? parsed.data : null, headers };
}
