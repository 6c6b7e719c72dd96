import { useId } from "react";
import { Link } from "react-router";
import { EmptyState, SearchTips } from "~/components/empty-state";
import type { NarrowingFilters } from "~/lib/narrowing-filters";

/**
 * A list view with no names (docs/product.md, "Layout and loading"): what
 * narrows it, each with a plain link to the view without it (and one without
 * them all), then the search tips.
 */
export function EmptyListState({ narrowing: { removals, clearHref } }: { narrowing: NarrowingFilters }) {
  const headingId = useId();
  return (
    <EmptyState title="Inga domäner hittades">
      {removals.length > 0 && (
        <div className="mb-4" data-testid="narrowing-filters">
          <p id={headingId} className="font-medium">
            {removals.length === 1 ? "Det här begränsar listan:" : "De här begränsar listan:"}
          </p>
          <ul aria-labelledby={headingId} className="mt-2 space-y-1">
            {removals.map((removal) => (
              <li key={removal.key} className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="break-words">{removal.text}</span>
                <Link to={removal.href} preventScrollReset className="font-medium text-brand-700 underline underline-offset-2">
                  Ta bort<span className="sr-only"> {removal.text}</span>
                </Link>
              </li>
            ))}
          </ul>
          {removals.length > 1 && clearHref && (
            <Link to={clearHref} preventScrollReset className="mt-2 inline-block font-medium text-brand-700 underline underline-offset-2">
              Ta bort alla
            </Link>
          )}
        </div>
      )}
      <SearchTips />
    </EmptyState>
  );
}
