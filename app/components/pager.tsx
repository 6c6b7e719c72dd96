import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { pageItems } from "~/lib/pagination";
import { buttonVariants } from "~/components/ui/button";

/** The pager's words: Swedish on the public pages, English in the backoffice. */
export type PagerLabels = {
  /** The nav's accessible name. */
  nav: string;
  previous: string;
  next: string;
  /** A page number's accessible name: "Sida 3". */
  page: (page: number) => string;
};

export const SWEDISH_PAGER_LABELS: PagerLabels = {
  nav: "Sidor",
  previous: "Föregående",
  next: "Nästa",
  page: (page) => `Sida ${page}`,
};

/**
 * Previous, page numbers with ellipses, next (docs/product.md, "Lists and their order"). Plain links, so it
 * works before JavaScript loads and every page has its own URL. Hidden when there is only one page.
 */
export function Pager({
  page,
  totalPages,
  hrefFor,
  labels,
  preventScrollReset,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  labels: PagerLabels;
  /** Keep the scroll position when a link is followed (the backoffice's tabs). */
  preventScrollReset?: boolean;
}) {
  if (totalPages <= 1) return null;
  const linkClass = buttonVariants({ variant: "outline", size: "sm" });
  const disabledClass = cn(linkClass, "pointer-events-none opacity-50");
  return (
    <nav aria-label={labels.nav} className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} preventScrollReset={preventScrollReset}>
          <ChevronLeft aria-hidden="true" /> {labels.previous}
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledClass}>
          <ChevronLeft aria-hidden="true" /> {labels.previous}
        </span>
      )}
      {pageItems(page, totalPages).map((item) =>
        item.type === "ellipsis" ? (
          <span key={item.key} aria-hidden="true" className="px-2 text-slate-600">
            …
          </span>
        ) : (
          <Link
            key={item.page}
            to={hrefFor(item.page)}
            aria-label={labels.page(item.page)}
            aria-current={item.page === page ? "page" : undefined}
            preventScrollReset={preventScrollReset}
            className={cn(buttonVariants({ variant: item.page === page ? "default" : "ghost", size: "sm" }), "min-w-9")}
          >
            {item.page}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={linkClass} preventScrollReset={preventScrollReset}>
          {labels.next} <ChevronRight aria-hidden="true" />
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledClass}>
          {labels.next} <ChevronRight aria-hidden="true" />
        </span>
      )}
    </nav>
  );
}
