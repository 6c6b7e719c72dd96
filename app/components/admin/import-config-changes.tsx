import { TableCell, TableRow } from "~/components/ui/table";
import { AdminTable } from "./admin-table";
import type { TldImportChangeRow, TldImportSettings } from "~/domain/backoffice-rows";
import { formatDateTimeUtc } from "./format";

/** Who added, changed or deleted which configuration, and when: the latest changes, newest first. */
export function ImportConfigChanges({ changes }: { changes: TldImportChangeRow[] }) {
  return (
    <section aria-labelledby="config-changes-title" className="space-y-3">
      <h3 id="config-changes-title" className="font-semibold">
        Configuration Changes
      </h3>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-600">The configurations have not been changed.</p>
      ) : (
        <AdminTable aria-label="Configuration changes" columns={["When", "Who", "Change"]} rows={changes}>
          {(change) => (
            <TableRow key={change.id}>
              <TableCell className="whitespace-nowrap">{formatDateTimeUtc(change.changedAt)}</TableCell>
              <TableCell className="min-w-40 break-all">{change.changedBy}</TableCell>
              <TableCell className="min-w-72 break-all text-sm">{describeChange(change)}</TableCell>
            </TableRow>
          )}
        </AdminTable>
      )}
    </section>
  );
}

/** "Added .se: https://…", "Changed .se: URL a → b; disabled", "Deleted .nu: https://…". */
export function describeChange(change: Pick<TldImportChangeRow, "action" | "before" | "after">): string {
  const { before, after } = change;
  if (change.action === "added" && after) return `Added ${after.tld}: ${after.url}`;
  if (change.action === "deleted" && before) return `Deleted ${before.tld}: ${before.url}`;
  if (!before || !after) return change.action;
  return `Changed ${after.tld}: ${differences(before, after).join("; ") || "nothing"}`;
}

function differences(before: TldImportSettings, after: TldImportSettings): string[] {
  const parts: string[] = [];
  if (before.url !== after.url) parts.push(`URL ${before.url} → ${after.url}`);
  if (before.enabled !== after.enabled) parts.push(after.enabled ? "enabled" : "disabled");
  return parts;
}
