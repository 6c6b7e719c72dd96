import { data, redirect } from "react-router";
import { z } from "zod";
import { parseDomainName } from "~/domain/names";
import { BOOKMARK_FAILURE_TEXT, BOOKMARK_LIMIT_TEXT, BOOKMARK_SIGN_IN_TEXT, bookmarkToast } from "~/lib/bookmark-texts";
import { getOptionalUser } from "~/server/auth/session.server";
import { readLimitedForm, UNREADABLE_FORM_MESSAGE } from "~/server/http/read-limited-form.server";
import { safeRedirectPath } from "~/server/auth/safe-redirect.server";
import { listBookmarks } from "~/server/bookmarks/list-bookmarks.server";
import { setBookmark } from "~/server/bookmarks/set-bookmark.server";
import { logger } from "~/server/logger.server";
import { isSameOrigin } from "~/server/security/same-origin.server";
import { databaseOf } from "~/server/app-context.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/bookmarks";

const FAILURE = BOOKMARK_FAILURE_TEXT;

const bookmarkForm = z.object({
  domainName: z.string().min(1).max(300),
  intent: z.enum(["add", "remove"]),
  redirectTo: z.string().max(2000).optional(),
});

/**
 * GET /api/bookmarks: the signed-in user's watched names, newest first (401 for a visitor); the
 * status is the list's, "unknown" for a name on no list.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  if (!user) return data({ ok: false as const, error: BOOKMARK_SIGN_IN_TEXT.description }, { status: 401 });
  const rows = await listBookmarks(await databaseOf(context), user.id);
  return data({ ok: true as const, bookmarks: rows.map((row) => ({ name: row.name, unicodeName: row.unicodeName, status: row.status })) });
}

/**
 * POST /api/bookmarks (domainName, intent add|remove): any valid .se/.nu name, on a list or not. Answers JSON to the bookmark
 * button's fetch; a plain form post (no JavaScript) is redirected back with a toast.
 * Expected failures are returned, not thrown, so a fetcher never hits an error page.
 * The origin and the session are checked before the body is read: a refused post's
 * body is never taken in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const navigation = isDocumentNavigation(request);
  if (!isSameOrigin(request)) return fail(navigation, "/", 403, "Förfrågan kom inte från den här webbplatsen.");
  const user = await getOptionalUser(request);
  if (!user) {
    // Back to the page the form was on, which is where its redirectTo points; the form itself is not read.
    if (navigation) return redirect(`/auth?redirectTo=${encodeURIComponent(refererPath(request))}`);
    return data({ ok: false as const, error: BOOKMARK_SIGN_IN_TEXT.description }, { status: 401 });
  }
  const read = await readLimitedForm(request);
  const parsed = bookmarkForm.safeParse(read.ok ? Object.fromEntries(read.formData) : {});
  const back = safeRedirectPath(parsed.success ? parsed.data.redirectTo : undefined);
  if (!read.ok) return fail(navigation, back, read.reason === "too-large" ? 413 : 400, UNREADABLE_FORM_MESSAGE);
  const domain = parsed.success ? parseDomainName(parsed.data.domainName) : null;
  if (!parsed.success || !domain?.ok) return fail(navigation, back, 400, "Ogiltig domän.");

  const wanted = parsed.data.intent === "add";
  try {
    const result = await setBookmark(await databaseOf(context), user.id, domain.ace, wanted);
    if (!result.ok) return fail(navigation, back, 409, BOOKMARK_LIMIT_TEXT.description, BOOKMARK_LIMIT_TEXT);
    if (navigation) {
      return redirectWithToast(back, bookmarkToast(wanted, domain.unicode));
    }
    return data({ ok: true as const, bookmarked: result.bookmarked });
  } catch (error) {
    logger.error({ err: error, userId: user.id, domain: domain.ace }, "bookmark update failed");
    return fail(navigation, back, 500, FAILURE.description);
  }
}

/** A refusal: JSON for the button's fetch, else back to the page with a toast (`toast`, or the general failure). */
async function fail(
  navigation: boolean,
  back: string,
  status: number,
  error: string,
  toast: { title: string; description: string } = FAILURE,
) {
  if (navigation) return redirectWithToast(back, { type: "error", ...toast });
  return data({ ok: false as const, error }, { status });
}

/** The path of the page on this site that sent the request (its Referer), else "/". */
function refererPath(request: Request) {
  const referer = URL.parse(request.headers.get("referer") ?? "");
  if (!referer || referer.origin !== new URL(request.url).origin) return "/";
  return safeRedirectPath(referer.pathname + referer.search);
}

/** A form posted by the browser itself (JavaScript not running), rather than by a fetcher. */
function isDocumentNavigation(request: Request) {
  const mode = request.headers.get("sec-fetch-mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("accept") ?? "").includes("text/html");
}
