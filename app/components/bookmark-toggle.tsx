import { Bookmark, BookmarkCheck } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { cn } from "~/lib/cn";

/** What POST /api/bookmarks answers. */
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

  // A revalidated loader is the source of truth once it arrives.
  useEffect(() => setConfirmed(bookmarked), [bookmarked]);

  const shown = pending ?? confirmed;
  const label = shown ? `Sluta bevaka ${unicodeName}` : `Bevaka ${unicodeName}`;
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
        toast.error("Logga in krävs", { description: "Du måste vara inloggad för att bokmärka domäner." });
        setDialogOpen(true);
      } else if (result?.ok) {
        setConfirmed(result.bookmarked);
        if (result.bookmarked) toast.success("Bokmärkt", { description: `${unicodeName} har lagts till i dina bokmärken.` });
        else toast.success("Bokmärke borttaget", { description: `${unicodeName} har tagits bort från dina bokmärken.` });
        // Other places showing this name (lists, the account page) catch up.
        revalidator.revalidate();
      } else {
        toast.error("Ett fel uppstod", { description: "Kunde inte uppdatera bokmärket." });
      }
    } catch {
      toast.error("Ett fel uppstod", { description: "Kunde inte uppdatera bokmärket." });
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      <form method="post" action={BOOKMARK_ACTION_PATH} onSubmit={onSubmit} className="inline-flex">
        <input type="hidden" name="domainName" value={domainName} />
        <input type="hidden" name="intent" value={shown ? "remove" : "add"} />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <Button
          type="submit"
          variant={variant === "icon" ? "ghost" : shown ? "secondary" : "outline"}
          size={variant === "icon" ? "icon" : "default"}
          aria-pressed={shown}
          // aria-disabled rather than disabled: the button keeps keyboard focus while saving.
          aria-disabled={pending !== null || undefined}
          aria-label={variant === "icon" ? label : undefined}
          title={variant === "icon" ? label : undefined}
          className={cn(shown && variant === "icon" && "text-brand-700", pending !== null && "opacity-60", className)}
        >
          <Icon aria-hidden="true" className={cn(shown && "fill-current")} />
          {variant === "button" && <span>{shown ? "Sluta bevaka" : "Bevaka"}</span>}
          {variant === "button" && <span className="sr-only">{` ${unicodeName}`}</span>}
        </Button>
      </form>
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
    </>
  );
}
