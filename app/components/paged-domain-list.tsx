import { DomainGrid } from "~/components/domain-grid";
import { DomainTable } from "~/components/domain-table";
import { LoadMoreButton } from "~/components/load-more-button";
import type { PagedDomains } from "~/components/use-paged-domains";
import type { ListLayout } from "~/lib/listing-params";
import type { HeaderSort, TableColumn } from "~/lib/list-table";

type PagedDomainListProps<S extends string> = {
  /** usePagedDomains: the names, bookmarks, new names and "Visa fler". */
  list: PagedDomains;
  layout: ListLayout;
  now: number;
  /** The list's accessible name (the grid's label, the table's caption). */
  label: string;
  /** The table's order and its header links (DomainTable). */
  sortLabel: string;
  sortOf: (column: TableColumn) => HeaderSort<S> | null;
  sortHref: (sort: S) => string;
  /** "Visa fler" when there are more (not for search results, which come in one page). */
  paged?: boolean;
  /** The soon list's table: a column with the risk of being taken at once. */
  catchRiskColumn?: boolean;
};

/** A public list's names as cards or as a table (?vy=tabell), then "Visa fler" (docs/product.md, "Pages of a list"). */
export function PagedDomainList<S extends string>({
  list,
  layout,
  now,
  label,
  sortLabel,
  sortOf,
  sortHref,
  paged = true,
  catchRiskColumn = false,
}: PagedDomainListProps<S>) {
  return (
    <>
      {layout === "tabell" ? (
        <DomainTable
          domains={list.domains}
          now={now}
          label={label}
          sortLabel={sortLabel}
          sortOf={sortOf}
          sortHref={sortHref}
          newNames={list.newNames}
          anchorIndex={list.anchorIndex}
          catchRiskColumn={catchRiskColumn}
        />
      ) : (
        <DomainGrid
          domains={list.domains}
          now={now}
          headingLevel={2}
          bookmarks={list.bookmarks}
          label={label}
          newNames={list.newNames}
          anchorIndex={list.anchorIndex}
        />
      )}
      {paged && list.hasMore && <LoadMoreButton href={list.nextHref} loading={list.loading} onLoadMore={list.loadMore} />}
    </>
  );
}
