import { useState } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TableCell, TableRow } from "~/components/ui/table";
import type { ImportRunView } from "~/domain/backoffice-rows";
import type { AdminActionResult } from "~/domain/admin-action-result";
import { rejectedText, rejectionsPath } from "~/lib/import-run-texts";
import { AdminPager } from "./admin-pager";
import { AdminTable } from "./admin-table";
import { ApplyAnywayButton } from "./apply-anyway-button";
import { ConfirmDialog } from "./confirm-dialog";
import { formatDateTimeUtc } from "./format";
import type { FollowedRun } from "./import-progress";
import { importRunBadge } from "./job-run-badge";
import { useActionToast } from "./use-action-toast";

export type ImportHistoryPage = { page: number; totalPages: number; runCount: number };

/**
 * Every import run, newest first, a page at a time: who or what started it,
 * its outcome with the true counts, why a warning or a failure, and its
 * rejected entries to download.
 */
export function ImportHistory({
  runs,
  history,
  onStarted,
}: {
  runs: ImportRunView[];
  history: ImportHistoryPage;
  onStarted: (run: FollowedRun) => void;
}) {
  const [applying, setApplying] = useState<ImportRunView | null>(null);
  return (
    <section aria-labelledby="import-history-title" className="space-y-3">
      <h3 id="import-history-title" className="font-semibold">
        Recent Imports
        {history.totalPages > 1 && (
          <span className="ml-2 text-sm font-normal text-slate-600">
            page {history.page} of {history.totalPages} ({history.runCount} runs)
          </span>
        )}
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
                    : `${run.total} entries: ${run.inserted} new, ${run.updated} updated, ${run.failed} rejected${run.renewed ? `, ${run.renewed} renewed` : ""}`}
                  {run.state === "running" ? ` (${run.percent}%)` : ""}
                  {run.forceComplete ? " (applied as complete)" : ""}
                </p>
                {run.state !== "failed" && run.state !== "running" && run.warning && <p className="text-amber-900">{run.warning}</p>}
                {run.applicableAnyway && <ApplyAnywayButton run={run} onStarted={onStarted} />}
                {run.failed > 0 && run.state !== "running" && (
                  <p>
                    <a href={rejectionsPath(run.id)} download className="font-medium underline">
                      Download rejected entries (CSV)
                      <span className="sr-only">: {rejectedText(run)}</span>
                    </a>
                  </p>
                )}
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
      <AdminPager
        page={history.page}
        totalPages={history.totalPages}
        hrefFor={(page) => (page === 1 ? "/admin/imports" : `/admin/imports?page=${page}`)}
        label="Import history pages"
      />
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
