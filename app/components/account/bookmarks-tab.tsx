import { Search } from "lucide-react";
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
      <h2 id="bookmarks-heading" className="text-lg font-semibold text-slate-900">
        Mina bokmärken ({domains.length})
      </h2>
      <DomainGrid domains={domains} now={now} headingLevel={3} bookmarks={{ signedIn: true, names }} label="Mina bokmärken" />
    </section>
  );
}
