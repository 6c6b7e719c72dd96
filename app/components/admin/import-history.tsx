import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ImportRunView } from "~/server/imports/list-import-runs.server";
import { formatDateTimeUtc } from "./format";

const STATE_BADGE = {
  running: { label: "Running", variant: "warning" },
  succeeded: { label: "Succeeded", variant: "success" },
  failed: { label: "Failed", variant: "danger" },
} as const;

/** The latest import runs, newest first: who or what started them and what they did. */
export function ImportHistory({ runs }: { runs: ImportRunView[] }) {
  return (
    <section aria-labelledby="import-history-title" className="space-y-3">
      <h3 id="import-history-title" className="font-semibold">
        Recent Imports
      </h3>
      {runs.length === 0 ? (
        <p className="text-sm text-slate-600">No imports have run yet.</p>
      ) : (
        <Table aria-label="Recent imports">
          <TableHeader>
            <TableRow>
              <TableHead>Started</TableHead>
              <TableHead>TLD</TableHead>
              <TableHead>Source</TableHead>
              <TableHead>Started by</TableHead>
              <TableHead>State</TableHead>
              <TableHead>Result</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {runs.map((run) => (
              <TableRow key={run.id}>
                <TableCell className="whitespace-nowrap">{formatDateTimeUtc(run.startedAt)}</TableCell>
                <TableCell>{run.tld ?? "—"}</TableCell>
                <TableCell className="max-w-xs break-all text-xs">{run.source}</TableCell>
                <TableCell>{run.trigger.startsWith("admin:") ? "Admin" : run.trigger}</TableCell>
                <TableCell>
                  <Badge variant={STATE_BADGE[run.state].variant}>{STATE_BADGE[run.state].label}</Badge>
                </TableCell>
                <TableCell className="text-sm">
                  {run.state === "failed"
                    ? (run.errorMessage ?? "Unknown error during import")
                    : `${run.total} entries: ${run.inserted} new, ${run.updated} updated, ${run.failed} failed${run.renewed ? `, ${run.renewed} renewed` : ""}`}
                  {run.state === "running" ? ` (${run.percent}%)` : ""}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
