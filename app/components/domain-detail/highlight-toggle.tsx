import { Loader2, Star } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export type HighlightActionResult = { ok: true; featured: boolean } | { ok: false; error: string };

/**
 * Admin only (the page renders it for admins; the action checks the role
 * itself). Shows the value being saved while the request is out, and the
 * stored value once the page's data is reloaded.
 */
export function HighlightToggle({ featured }: { featured: boolean }) {
  const fetcher = useFetcher<HighlightActionResult>();
  const pending = fetcher.state !== "idle";
  const shown = pending && fetcher.formData ? fetcher.formData.get("featured") === "true" : featured;
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok;
  return (
    <fetcher.Form method="post" className="inline-flex items-center gap-2">
      <input type="hidden" name="intent" value="highlight" />
      <input type="hidden" name="featured" value={String(!shown)} />
      <Button
        type="submit"
        variant={shown ? "accent" : "outline"}
        aria-pressed={shown}
        disabled={pending}
        aria-busy={pending}
        className={cn(pending && "cursor-wait")}
      >
        {pending ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <Star aria-hidden="true" className={cn(shown && "fill-current")} />
        )}
        {shown ? "Highlighted" : "Highlight"}
      </Button>
      {failed && (
        <span role="alert" className="text-sm text-red-700">
          Failed to update domain highlight status
        </span>
      )}
    </fetcher.Form>
  );
}
