import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { DomainCardData } from "~/domain/domain-card";
import { DomainGrid } from "~/components/domain-grid";
import type { GridBookmarks } from "~/domain/list-page";
import { ListError } from "~/components/list-error";
import { NO_DATA_TEXT } from "~/lib/list-errors";

type HomeSectionProps = {
  id: string;
  title: string;
  /** The full list this section previews. */
  to: string;
  result: { ok: true; value: DomainCardData[] } | { ok: false; error: string };
  now: number;
  bookmarks: GridBookmarks;
};

/** One of the home page's four previews (docs/product.md, "Lists and their order"): 8 cards and a link to the whole list. */
export function HomeSection({ id, title, to, result, now, bookmarks }: HomeSectionProps) {
  const headingId = `home-${id}`;
  return (
    <section aria-labelledby={headingId} data-testid={`home-section-${id}`}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
        <h2 id={headingId} className="text-2xl font-bold text-slate-900">
          {title}
        </h2>
        <Link to={to} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
          Visa alla <span className="sr-only">{title.toLowerCase()}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {!result.ok ? (
        <ListError message={result.error} />
      ) : result.value.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">{NO_DATA_TEXT}</p>
      ) : (
        <DomainGrid domains={result.value} now={now} headingLevel={3} bookmarks={bookmarks} label={title} />
      )}
    </section>
  );
}
