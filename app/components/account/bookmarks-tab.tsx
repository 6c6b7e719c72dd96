import { Download, Search } from "lucide-react";
import { DomainGrid } from "~/components/domain-grid";
import type { DomainCardData } from "~/domain/domain-card";
import { AccountEmptyState } from "./account-empty-state";

/**
 * "Mina bokmärken" (docs/product.md, "Accounts, bookmarks and the calendar"): the bookmarked names
 * with their current status, each linking to /d/{name}.
 */
export function BookmarksTab({ domains, now }: { domains: DomainCardData[]; now: number }) {
  if (domains.length === 0) {
    return (
      <AccountEmptyState
        title="Du har inga bokmärken ännu"
        to="/"
        action={
          <>
            <Search aria-hidden="true" />
            Sök domäner
          </>
        }
      >
        Bevaka domäner du vill ha genom att trycka på bokmärkesknappen på en domän. De samlas här.
      </AccountEmptyState>
    );
  }
  const names = domains.map((domain) => domain.name);
  return (
    <section aria-labelledby="bookmarks-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="bookmarks-heading" className="text-lg font-semibold text-slate-900">
          Mina bokmärken ({domains.length})
        </h2>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          <Download aria-hidden="true" className="size-4 text-brand-700" />
          <span>Ladda ner:</span>
          <a href="/account/download/bookmarks.csv" download className="underline-offset-2 hover:underline">
            CSV för Excel
          </a>
          <a href="/account/download/bookmarks.json" download className="underline-offset-2 hover:underline">
            JSON
          </a>
        </p>
      </div>
      <DomainGrid domains={domains} now={now} headingLevel={3} bookmarks={{ signedIn: true, names }} label="Mina bokmärken" />
    </section>
  );
}
