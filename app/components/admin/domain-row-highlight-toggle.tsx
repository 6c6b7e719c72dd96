import { Star } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { AdminActionResult } from "~/domain/admin-action-result";
import { useActionToast } from "./use-action-toast";

/**
 * "Highlight" / "Highlighted" in a row of the Domains tab: flips the row's
 * is_featured (docs/product.md, "Statuses") with a toast. Shows the new state
 * while the request runs and the stored one after (the list reloads). The
 * domain page has its own switch (components/domain-detail/highlight-toggle.tsx).
 */
export function DomainRowHighlightToggle({ name, unicodeName, featured }: { name: string; unicodeName: string; featured: boolean }) {
  const fetcher = useFetcher<AdminActionResult>();
  useActionToast(fetcher);
  const pending = fetcher.state !== "idle" && fetcher.formData ? fetcher.formData.get("featured") === "true" : null;
  const shown = pending ?? featured;
  return (
    <fetcher.Form method="post" onClick={(event) => event.stopPropagation()}>
      <input type="hidden" name="intent" value="toggle-featured" />
      <input type="hidden" name="name" value={name} />
      <input type="hidden" name="featured" value={String(!shown)} />
      <Button
        type="submit"
        size="sm"
        variant={shown ? "secondary" : "outline"}
        aria-pressed={shown}
        aria-label={`${shown ? "Highlighted" : "Highlight"}: ${unicodeName}`}
        disabled={fetcher.state !== "idle"}
      >
        <Star aria-hidden="true" className={cn(shown && "fill-amber-400 text-amber-500")} />
        {shown ? "Highlighted" : "Highlight"}
      </Button>
    </fetcher.Form>
  );
}
