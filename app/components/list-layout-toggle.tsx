import { LayoutGrid, Table2 } from "lucide-react";
import { Link } from "react-router";
import type { ListLayout } from "~/lib/listing-params";

/**
 * "Kort" or "Tabell" beside a list's sort (docs/product.md, "A table view"):
 * two links to the same view in the other layout, so it works without
 * JavaScript and each layout is an address of its own.
 */
export function ListLayoutToggle({ layout, href }: { layout: ListLayout; href: (layout: ListLayout) => string }) {
  const options: [ListLayout, string, typeof LayoutGrid][] = [
    ["kort", "Kort", LayoutGrid],
    ["tabell", "Tabell", Table2],
  ];
  return (
    <div
      role="group"
      aria-label="Visa som"
      className="inline-flex rounded-md border border-slate-300 bg-white p-0.5"
      data-testid="layout-toggle"
    >
      {options.map(([value, text, Icon]) => (
        <Link
          key={value}
          to={href(value)}
          preventScrollReset
          aria-current={layout === value ? "true" : undefined}
          className="inline-flex h-9 items-center gap-1.5 rounded px-3 text-sm text-slate-700 hover:bg-slate-100 aria-[current=true]:bg-brand-600 aria-[current=true]:text-white"
        >
          <Icon aria-hidden="true" className="size-4" />
          {text}
        </Link>
      ))}
    </div>
  );
}
