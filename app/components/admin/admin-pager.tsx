import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { pageItems } from "~/lib/pagination";
import { buttonVariants } from "~/components/ui/button";

/**
 * Previous, page numbers with ellipses, next (docs/product.md, "Lists and their order"). Plain links, so it
 * works before JavaScript loads and every page has its own URL. Hidden when
 * there is only one page.
 */
export function AdminPager({
  page,
  totalPages,
  hrefFor,
  label = "Pagination",
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (totalPages <= 1) return null;
  const linkClass = buttonVariants({ variant: "outline", size: "sm" });
  const disabledClass = cn(linkClass, "pointer-events-none opacity-50");
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} preventScrollReset>
          <ChevronLeft aria-hidden="true" /> Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledClass}>
          <ChevronLeft aria-hidden="true" /> Previous
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
            aria-label={`Page ${item.page}`}
            aria-current={item.page === page ? "page" : undefined}
            preventScrollReset
            className={cn(buttonVariants({ variant: item.page === page ? "default" : "ghost", size: "sm" }), "min-w-9")}
          >
            {item.page}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={linkClass} preventScrollReset>
          Next <ChevronRight aria-hidden="true" />
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledClass}>
          Next <ChevronRight aria-hidden="true" />
        </span>
      )}
    </nav>
  );
}
