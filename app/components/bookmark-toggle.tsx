import { Bookmark, BookmarkCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { cn } from "~/lib/cn";

/** What POST /api/bookmarks answers (also to fetchers). */
export type BookmarkActionResult = { ok: true; bookmarked: boolean } | { ok: false; error: string };

export const BOOKMARK_ACTION_PATH = "/api/bookmarks";

type BookmarkToggleProps = {
  /** ACE name, the domains table key (e.g. "xn--rksmrgs-5wao1o.se"). */
  domainName: string;
  /** Display form, used in labels and toasts. */
  unicodeName: string;
  bookmarked: boolean;
  signedIn: boolean;
  variant?: "icon" | "button";
  className?: string;
};

/**
 * Add or remove a bookmark ("bevaka"). Optimistic: the new state shows at once and is
 * put back if the server refuses. Without JavaScript the form posts to the same action,
 * which redirects back (or to /auth for a visitor).
 */
export function BookmarkToggle({ domainName, unicodeName, bookmarked, signedIn, variant = "icon", className }: BookmarkToggleProps) {
  const fetcher = useFetcher<BookmarkActionResult>();
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  const [confirmed, setConfirmed] = useState(bookmarked);
  const [dialogOpen, setDialogOpen] = useState(false);
  const handled = useRef<BookmarkActionResult | undefined>(undefined);

  // A revalidated loader is the source of truth once it arrives.
  useEffect(() => setConfirmed(bookmarked), [bookmarked]);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      setConfirmed(result.bookmarked);
      if (result.bookmarked) toast.success("Bokmärkt", { description: `${unicodeName} har lagts till i dina bokmärken.` });
      else toast.success("Bokmärke borttaget", { description: `${unicodeName} har tagits bort från dina bokmärken.` });
    } else {
      // The confirmed state was never changed, so the button shows what is stored.
      toast.error("Ett fel uppstod", { description: "Kunde inte uppdatera bokmärket." });
    }
  }, [fetcher.state, fetcher.data, unicodeName]);

  const pendingIntent = fetcher.formData?.get("intent");
  const shown = fetcher.state !== "idle" && pendingIntent ? pendingIntent === "add" : confirmed;
  const label = shown ? `Sluta bevaka ${unicodeName}` : `Bevaka ${unicodeName}`;
  const Icon = shown ? BookmarkCheck : Bookmark;

  const button = (
    <Button
      type="submit"
      variant={variant === "icon" ? "ghost" : shown ? "secondary" : "outline"}
      size={variant === "icon" ? "icon" : "default"}
      aria-pressed={shown}
      aria-label={variant === "icon" ? label : undefined}
      title={variant === "icon" ? label : undefined}
      className={cn(shown && variant === "icon" && "text-brand-700", className)}
      onClick={(event) => {
        if (signedIn) return;
        event.preventDefault();
        setDialogOpen(true);
      }}
    >
      <Icon aria-hidden="true" className={cn(shown && "fill-current")} />
      {variant === "button" && <span>{shown ? "Sluta bevaka" : "Bevaka"}</span>}
      {variant === "button" && <span className="sr-only">{` ${unicodeName}`}</span>}
    </Button>
  );

  return (
    <>
      <fetcher.Form method="post" action={BOOKMARK_ACTION_PATH} className="inline-flex">
        <input type="hidden" name="domainName" value={domainName} />
        <input type="hidden" name="intent" value={shown ? "remove" : "add"} />
        <input type="hidden" name="redirectTo" value={returnTo} />
        {button}
      </fetcher.Form>
      {!signedIn && (
        <Dialog open={dialogOpen} onOpenChange={setDialogOpen}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Logga in för att spara domäner</DialogTitle>
              <DialogDescription>Du behöver logga in för att kunna spara domäner i din bokmärkeslista.</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Avbryt</Button>
              </DialogClose>
              <Button asChild>
                <Link to={`/auth?redirectTo=${encodeURIComponent(returnTo)}`}>Logga in</Link>
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
