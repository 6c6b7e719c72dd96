import { useState } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TableCell, TableRow } from "~/components/ui/table";
import type { ImportRunView } from "~/domain/backoffice-rows";
import type { AdminActionResult } from "~/domain/admin-action-result";
import { AdminTable } from "./admin-table";
import { ApplyAnywayButton } from "./apply-anyway-button";
import { ConfirmDialog } from "./confirm-dialog";
import { formatDateTimeUtc } from "./format";
import type { FollowedRun } from "./import-progress";
import { useActionToast } from "./use-action-toast";

const STATE_BADGE = {
  running: { label: "Running", variant: "default" },
  succeeded: { label: "Succeeded", variant: "success" },
  warning: { label: "Succeeded with warning", variant: "warning" },
  failed: { label: "Failed", variant: "danger" },
} as const;

/**
 * An import run's badge in Recent Imports: one that succeeded but held back its
 * renewals says so (amber). (A maintenance job's run has jobRunBadge, job-run-badge.ts.)
 */
export function importRunBadge(run: Pick<ImportRunView, "state" | "warning">) {
  return STATE_BADGE[run.state === "succeeded" && run.warning ? "warning" : run.state];
}

/** The latest import runs, newest first: who or what started them, what they did, and why a warning. */
export function ImportHistory({ runs, onStarted }: { runs: ImportRunView[]; onStarted: (run: FollowedRun) => void }) {
  const [applying, setApplying] = useState<ImportRunView | null>(null);
  return (
    <section aria-labelledby="import-history-title" className="space-y-3">
      <h3 id="import-history-title" className="font-semibold">
        Recent Imports
      </h3>
      {runs.length === 0 ? (
        <p className="text-sm text-slate-600">No imports have run yet.</p>
      ) : (
        <AdminTable aria-label="Recent imports" columns={["Started", "TLD", "Source", "Started by", "State", "Result"]} rows={runs}>
          {(run) => (
            <TableRow key={run.id} data-run={run.id}>
              <TableCell className="whitespace-nowrap">{formatDateTimeUtc(run.startedAt)}</TableCell>
              <TableCell>{run.tld ?? "—"}</TableCell>
              <TableCell className="min-w-40 max-w-xs break-all text-xs">{run.source}</TableCell>
              <TableCell>{run.trigger.startsWith("admin:") ? "Admin" : run.trigger}</TableCell>
              <TableCell>
                <Badge variant={importRunBadge(run).variant}>{importRunBadge(run).label}</Badge>
              </TableCell>
              <TableCell className="min-w-72 max-w-md space-y-2 text-sm">
                <p>
                  {run.state === "failed"
                    ? (run.errorMessage ?? "Unknown error during import")
                    : `${run.total} entries: ${run.inserted} new, ${run.updated} updated, ${run.failed} failed${run.renewed ? `, ${run.renewed} renewed` : ""}`}
                  {run.state === "running" ? ` (${run.percent}%)` : ""}
                  {run.forceComplete ? " (applied as complete)" : ""}
                </p>
                {run.state === "succeeded" && run.warning && <p className="text-amber-900">{run.warning}</p>}
                {run.applicableAnyway && <ApplyAnywayButton run={run} onStarted={onStarted} />}
                {run.applicableAsComplete && (
                  <Button size="sm" variant="outline" onClick={() => setApplying(run)}>
                    Apply as complete
                    <span className="sr-only">
                      {" "}
                      (the {run.tld} list of {formatDateTimeUtc(run.startedAt)})
                    </span>
                  </Button>
                )}
              </TableCell>
            </TableRow>
          )}
        </AdminTable>
      )}
      <ApplyAsCompleteDialog run={applying} onClose={() => setApplying(null)} onStarted={onStarted} />
    </section>
  );
}

/** "Apply as complete": the administrator's explicit choice to renew past the sanity threshold. */
function ApplyAsCompleteDialog({
  run,
  onClose,
  onStarted,
}: {
  run: ImportRunView | null;
  onClose: () => void;
  onStarted: (run: FollowedRun) => void;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  useActionToast(fetcher, (result) => {
    onClose();
    if (result.ok && result.importRunId) onStarted({ id: result.importRunId, manual: false });
  });
  return (
    <ConfirmDialog
      open={run !== null}
      onOpenChange={(open) => !open && onClose()}
      title={run ? `Apply the ${run.tld} list as complete?` : ""}
      description={
        <>
          The list is fetched and imported again as the complete {run?.tld} list, and every soon-available {run?.tld} name releasing two or
          more days ahead that is missing from it is marked renewed, however many they are. Do this only if you know the list is complete.
        </>
      }
      confirmLabel="Apply as complete"
      pendingLabel="Starting..."
      pending={fetcher.state !== "idle"}
      onConfirm={() => run && fetcher.submit({ intent: "apply-import-as-complete", runId: String(run.id) }, { method: "post" })}
    />
  );
}
