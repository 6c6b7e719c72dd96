import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { AdminActionResult } from "~/domain/admin-action-result";
import type { ImportRunView } from "~/domain/backoffice-rows";
import { ConfirmDialog } from "./confirm-dialog";
import { formatDateTimeUtc } from "./format";
import type { FollowedRun } from "./import-progress";
import { UploadListButton } from "./upload-list-button";
import { useActionToast } from "./use-action-toast";

/**
 * "Apply anyway" on a run that held a past-dated list: a configured list is
 * fetched and imported again after a confirmation; an upload's file (not
 * kept) is chosen again.
 */
export function ApplyAnywayButton({ run, onStarted }: { run: ImportRunView; onStarted: (run: FollowedRun) => void }) {
  const [confirming, setConfirming] = useState(false);
  const fetcher = useFetcher<AdminActionResult>();
  useActionToast(fetcher, (result) => {
    setConfirming(false);
    if (result.ok && result.importRunId) onStarted({ id: result.importRunId, manual: false });
  });
  if (run.tldImportId === null || !run.tld) return null;
  if (run.trigger === "upload") return <UploadListButton configId={run.tldImportId} tld={run.tld} onStarted={onStarted} applyPastDated />;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
        Apply anyway
        <span className="sr-only">
          {" "}
          (the {run.tld} list of {formatDateTimeUtc(run.startedAt)})
        </span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Import the past-dated ${run.tld} list anyway?`}
        description={
          <>
            The list is fetched and imported again, whatever its dates say. Its names whose release date has passed are stored as released
            but not checked: their pages say they have not been checked yet, and the next availability check asks the registry about them.
          </>
        }
        confirmLabel="Apply anyway"
        pendingLabel="Starting..."
        pending={fetcher.state !== "idle"}
        onConfirm={() => fetcher.submit({ intent: "apply-import-anyway", runId: String(run.id) }, { method: "post" })}
      />
    </>
  );
}
