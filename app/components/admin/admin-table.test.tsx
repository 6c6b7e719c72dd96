import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TableCell, TableHead, TableRow } from "~/components/ui/table";
import { AdminTable } from "./admin-table";

const render = (rows: string[], emptyText?: string) =>
  renderToString(
    <AdminTable
      aria-label="Names"
      columns={["Name", <TableHead key="own">Own head</TableHead>, "Actions"]}
      rows={rows}
      emptyText={emptyText}
    >
      {(row) => (
        <TableRow key={row}>
          <TableCell>{row}</TableCell>
        </TableRow>
      )}
    </AdminTable>,
  );

describe("AdminTable", () => {
  it("names the table and draws text columns and header cells of their own in order", () => {
    const html = render(["a.se"]);
    expect(html).toContain('aria-label="Names"');
    expect(html.match(/<th[^>]*>([^<]*)<\/th>/g)?.map((cell) => cell.replace(/<[^>]+>/g, ""))).toEqual(["Name", "Own head", "Actions"]);
  });

  it("draws a row for each item and no empty line", () => {
    const html = render(["a.se", "b.se"], "No names");
    expect(html).toContain("<td");
    expect(html).toContain("a.se");
    expect(html).toContain("b.se");
    expect(html).not.toContain("No names");
  });

  it("says there are none across every column", () => {
    const html = render([], "No names");
    expect(html).toMatch(/<td[^>]*colSpan="3"[^>]*>No names<\/td>/);
  });

  it("leaves the body empty without an empty text", () => {
    expect(render([])).toContain("<tbody");
    expect(render([])).not.toContain("<td");
  });
});
