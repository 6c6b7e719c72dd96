import { ArrowDown, ArrowUp, ArrowUpDown, Pencil } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { TableCell, TableHead, TableRow } from "~/components/ui/table";
import { adminListSearch, nextSort, type AdminListParams, type AdminSortField } from "~/lib/admin-list-params";
import { cn } from "~/lib/cn";
import type { AdminDomainRow } from "~/domain/backoffice-rows";
import { AdminTable } from "./admin-table";
import { formatIsoDate } from "./format";
import { DomainRowHighlightToggle } from "./domain-row-highlight-toggle";
import { adminStatusLabel } from "~/lib/admin-status-text";

const COLUMNS: { field: AdminSortField; label: string; className?: string }[] = [
  { field: "name", label: "Name" },
  { field: "tld", label: "TLD" },
  { field: "status", label: "Status" },
  { field: "release_date", label: "Release Date" },
  { field: "length", label: "Length", className: "hidden md:table-cell" },
  { field: "score", label: "Score", className: "hidden md:table-cell" },
];

/** The domain table: sortable headers (links, so sorting is in the URL), a row click opens the editor. */
export function DomainsTable({
  params,
  domains,
  busy,
  onEdit,
}: {
  params: AdminListParams;
  domains: AdminDomainRow[];
  busy: boolean;
  onEdit: (domain: AdminDomainRow) => void;
}) {
  return (
    <AdminTable
      aria-busy={busy}
      aria-label="Domains"
      scrollLabel="Domains table"
      className={cn(busy && "opacity-60")}
      columns={[
        ...COLUMNS.map((column) => (
          <SortableHead key={column.field} params={params} field={column.field} label={column.label} className={column.className} />
        )),
        "Actions",
      ]}
      rows={domains}
      emptyText="No domains found"
    >
      {(domain) => (
        <TableRow key={domain.name} className="cursor-pointer" onClick={() => onEdit(domain)} data-domain={domain.name}>
          <TableCell className="whitespace-nowrap font-medium">{domain.unicodeName}</TableCell>
          <TableCell>{domain.tld}</TableCell>
          <TableCell>{adminStatusLabel(domain.status)}</TableCell>
          <TableCell className="whitespace-nowrap font-mono">{formatIsoDate(domain.releaseDate)}</TableCell>
          <TableCell className="hidden md:table-cell">{domain.length}</TableCell>
          <TableCell className="hidden md:table-cell">{domain.score}</TableCell>
          <TableCell>
            <div className="flex flex-wrap gap-2">
              <DomainRowHighlightToggle name={domain.name} unicodeName={domain.unicodeName} featured={domain.isFeatured} />
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={(event) => {
                  event.stopPropagation();
                  onEdit(domain);
                }}
              >
                <Pencil aria-hidden="true" />
                Edit<span className="sr-only"> {domain.unicodeName}</span>
              </Button>
            </div>
          </TableCell>
        </TableRow>
      )}
    </AdminTable>
  );
}

function SortableHead({
  params,
  field,
  label,
  className,
}: {
  params: AdminListParams;
  field: AdminSortField;
  label: string;
  className?: string;
}) {
  const active = params.sort === field;
  const Icon = !active ? ArrowUpDown : params.dir === "asc" ? ArrowUp : ArrowDown;
  const search = adminListSearch({ ...params, ...nextSort(params, field), page: 1 });
  return (
    <TableHead aria-sort={active ? (params.dir === "asc" ? "ascending" : "descending") : undefined} className={className}>
      <Link to={{ search }} replace preventScrollReset className="inline-flex items-center gap-1 hover:underline">
        {label}
        <Icon aria-hidden="true" className={cn("size-3.5", !active && "opacity-40")} />
        <span className="sr-only">{active ? `, sorted ${params.dir === "asc" ? "ascending" : "descending"}` : ", sort"}</span>
      </Link>
    </TableHead>
  );
}
