import { Bookmark, BookmarkCheck } from "lucide-react";
import { lazy, Suspense, useEffect, useState, type FormEvent } from "react";
import { useLocation, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { BOOKMARK_FAILURE_TEXT, BOOKMARK_LIMIT_TEXT, BOOKMARK_SIGN_IN_TEXT, bookmarkButtonText, bookmarkToast } from "~/lib/bookmark-texts";
import { toast } from "~/lib/toast";

// The visitor's sign-in prompt (Radix Dialog) loads when first needed, not with every list page.
const loadSignInPrompt = () => import("./sign-in-prompt-dialog");
const SignInPromptDialog = lazy(() => loadSignInPrompt().then((module) => ({ default: module.SignInPromptDialog })));

/** What POST /api/bookmarks answers. */
export type BookmarkActionResult = { ok: true; bookmarked: boolean } | { ok: false; error: string };

export const BOOKMARK_ACTION_PATH = "/api/bookmarks";

type BookmarkToggleProps = {
  /** ACE name, the key of a watch (e.g. "xn--rksmrgs-5wao1o.se"): any valid .se/.nu name, listed or not. */
  domainName: string;
  /** Display form, used in labels and toasts. */
  unicodeName: string;
  bookmarked: boolean;
  signedIn: boolean;
  variant?: "icon" | "button";
  className?: string;
};

/**
 * Add or remove a bookmark ("bevaka"). Optimistic: the new state shows at once and
 * goes back if the request fails in any way (refused, server error, network down),
 * with the failure toast. A plain fetch rather than a fetcher, because a fetcher
 * turns a server or network error into the route's error page. Without JavaScript
 * the form posts to the same action, which redirects back (or to /auth for a visitor).
 */
export function BookmarkToggle({ domainName, unicodeName, bookmarked, signedIn, variant = "icon", className }: BookmarkToggleProps) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const returnTo = location.pathname + location.search;
  const [confirmed, setConfirmed] = useState(bookmarked);
  const [pending, setPending] = useState<boolean | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const dialogWanted = useLatch(dialogOpen);

  // A revalidated loader is the source of truth once it arrives.
  useEffect(() => setConfirmed(bookmarked), [bookmarked]);

  const shown = pending ?? confirmed;
  const label = `${bookmarkButtonText(shown)} ${unicodeName}`;
  const Icon = shown ? BookmarkCheck : Bookmark;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!signedIn) {
      setDialogOpen(true);
      return;
    }
    if (pending !== null) return;
    const wanted = !confirmed;
    setPending(wanted);
    try {
      const response = await fetch(BOOKMARK_ACTION_PATH, {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ domainName, intent: wanted ? "add" : "remove" }),
      });
      const result = (await response.json().catch(() => null)) as BookmarkActionResult | null;
      if (response.status === 401) {
        toast.error(BOOKMARK_SIGN_IN_TEXT.title, { description: BOOKMARK_SIGN_IN_TEXT.description });
        setDialogOpen(true);
      } else if (response.status === 409) {
        toast.error(BOOKMARK_LIMIT_TEXT.title, { description: BOOKMARK_LIMIT_TEXT.description });
      } else if (result?.ok) {
        setConfirmed(result.bookmarked);
        const done = bookmarkToast(result.bookmarked, unicodeName);
        toast.success(done.title, { description: done.description });
        // Other places showing this name (lists, the account page) catch up.
        revalidator.revalidate();
      } else {
        toast.error(BOOKMARK_FAILURE_TEXT.title, { description: BOOKMARK_FAILURE_TEXT.description });
      }
    } catch {
      toast.error(BOOKMARK_FAILURE_TEXT.title, { description: BOOKMARK_FAILURE_TEXT.description });
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      <form
        method="post"
        action={BOOKMARK_ACTION_PATH}
        onSubmit={onSubmit}
        // A visitor about to press it will want the sign-in prompt: fetch its code now.
        onPointerEnter={signedIn ? undefined : preloadSignInPrompt}
        onFocus={signedIn ? undefined : preloadSignInPrompt}
        className="inline-flex"
      >
        <input type="hidden" name="domainName" value={domainName} />
        <input type="hidden" name="intent" value={shown ? "remove" : "add"} />
        <input type="hidden" name="redirectTo" value={returnTo} />
        {variant === "icon" ? (
          // On every card of a list: one class, and the icon drawn by CSS from aria-pressed (app.css, .bookmark-icon).
          <button
            type="submit"
            className={cn("bookmark-icon", className)}
            aria-pressed={shown}
            // aria-disabled rather than disabled: the button keeps keyboard focus while saving.
            aria-disabled={pending !== null || undefined}
            aria-label={label}
            title={label}
          />
        ) : (
          <Button
            type="submit"
            variant={shown ? "secondary" : "outline"}
            aria-pressed={shown}
            aria-disabled={pending !== null || undefined}
            className={cn(pending !== null && "opacity-60", className)}
          >
            <Icon aria-hidden="true" className={cn(shown && "fill-current")} />
            <span>{bookmarkButtonText(shown)}</span>
            <span className="sr-only">{` ${unicodeName}`}</span>
          </Button>
        )}
      </form>
      {/* Mounted from the first opening on, so it can animate closed. */}
      {dialogWanted && (
        <Suspense fallback={null}>
          <SignInPromptDialog open={dialogOpen} onOpenChange={setDialogOpen} returnTo={returnTo} />
        </Suspense>
      )}
    </>
  );
}

function preloadSignInPrompt() {
  void loadSignInPrompt();
}

/** True from the first time `value` is true on. */
function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}
