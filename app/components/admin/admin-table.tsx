import { Fragment, type ComponentProps, type ReactNode } from "react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

type AdminTableProps<Row> = Omit<ComponentProps<typeof Table>, "children"> & {
  /** Every backoffice table is named for screen readers. */
  "aria-label": string;
  /** The header row: a text becomes a plain header cell; anything else is a header cell of its own (a sortable one). */
  columns: readonly ReactNode[];
  rows: readonly Row[];
  /** Shown across the whole table when there are no rows. */
  emptyText?: ReactNode;
  /** One row's <TableRow>, with its key. */
  children: (row: Row) => ReactNode;
};

/** A backoffice list as a table: its header row, a row for each item, and a line that says when there are none. */
export function AdminTable<Row>({ columns, rows, emptyText, children, ...tableProps }: AdminTableProps<Row>) {
  return (
    <Table {...tableProps}>
      <TableHeader>
        <TableRow>
          {columns.map((column, index) =>
            typeof column === "string" ? <TableHead key={index}>{column}</TableHead> : <Fragment key={index}>{column}</Fragment>,
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && emptyText ? (
          <TableRow>
            <TableCell colSpan={columns.length} className="py-8 text-center text-slate-600">
              {emptyText}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row) => children(row))
        )}
      </TableBody>
    </Table>
  );
}
