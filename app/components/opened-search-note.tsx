import type { OpenedSavedSearch } from "~/domain/list-page";

/**
 * Above a view opened from a saved search (?sparad=, docs/product.md "Saved
 * searches"): which search, and that the names new since the last visit are
 * marked "Ny".
 */
export function OpenedSearchNote({ search }: { search: OpenedSavedSearch }) {
  return (
    <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-slate-800" data-testid="opened-search">
      Sparad sökning: <strong className="font-semibold">{search.name}</strong>. Domäner som är nya sedan ditt senaste besök är märkta{" "}
      <span className="new-badge">Ny</span>.
    </p>
  );
}
