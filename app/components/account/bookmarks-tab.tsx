import { Search } from "lucide-react";
import { Link } from "react-router";
import { DomainGrid } from "~/components/domain-grid";
import type { DomainCardData } from "~/domain/domain-card";
import { Button } from "~/components/ui/button";

/**
 * "Mina bokmärken" (docs/product.md, "Accounts, bookmarks and the calendar"): the bookmarked names
 * with their current status, each linking to /d/{name}.
 */
export function BookmarksTab({ domains, now }: { domains: DomainCardData[]; now: number }) {
  if (domains.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <h2 className="text-lg font-semibold text-slate-900">Du har inga bokmärken ännu</h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-700">
          Bevaka domäner du vill ha genom att trycka på bokmärkesknappen på en domän. De samlas här.
        </p>
        <Button asChild className="mt-6">
          <Link to="/">
            <Search aria-hidden="true" />
            Sök domäner
          </Link>
        </Button>
      </div>
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
