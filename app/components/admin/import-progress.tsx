import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import type { ImportRunView } from "~/domain/backoffice-rows";
import { formatCount } from "./format";

/** Poll interval while an import runs. */
const POLL_MS = 1000;

export type FollowedRun = { id: number; manual: boolean };

/** "Processed {n} domains ({x} new, {y} updated)" (docs/product.md, "The texts that matter"). */
export function processedText(run: Pick<ImportRunView, "processed" | "inserted" | "updated">): string {
  return `Processed ${run.processed} domains (${run.inserted} new, ${run.updated} updated)`;
}

function finishedTitle(run: ImportRunView, manual: boolean): string {
  const prefix = manual ? "Manual Import" : "Import";
  if (run.state === "failed") return `${prefix} Failed`;
  if (run.pastDatedList === "held") return `${prefix} Held`;
  return run.warning ? `${prefix} Complete with a Warning` : `${prefix} Complete`;
}

/**
 * The progress panel: follows one import run by asking the server for its
 * record every second (the pipeline's real count, not a simulation) until it
 * ends, then shows the summary and the skipped entries, and toasts the outcome.
 */
export function ImportProgressPanel({ followed }: { followed: FollowedRun }) {
  const fetcher = useFetcher<{ run: ImportRunView }>();
  const revalidator = useRevalidator();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const announced = useRef<number | null>(null);
  const run = fetcher.data?.run.id === followed.id ? fetcher.data.run : null;
  const url = `/api/admin/import-runs/${followed.id}`;

  useEffect(() => {
    void load.current(url);
  }, [url]);

  useEffect(() => {
    if (fetcher.state !== "idle") return;
    if (!run || run.state === "running") {
      const timer = setTimeout(() => void load.current(url), POLL_MS);
      return () => clearTimeout(timer);
    }
    if (announced.current === run.id) return;
    announced.current = run.id;
    if (run.state === "succeeded" && run.warning) toast.warning(finishedTitle(run, followed.manual), { description: run.warning });
    else if (run.state === "succeeded") toast.success(finishedTitle(run, followed.manual), { description: processedText(run) });
    else toast.error(finishedTitle(run, followed.manual), { description: run.errorMessage ?? "Unknown error during import" });
    // The table's "Last Import" and the history change with the finished run.
    void revalidator.revalidate();
  }, [fetcher.state, run, url, followed.manual, revalidator]);

  const running = !run || run.state === "running";
  const percent = run?.percent ?? 0;
  return (
    <section aria-label="Import progress" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">
          {running ? (followed.manual ? "Importing uploaded file..." : "Importing...") : "Import finished"}
        </span>
        <span data-testid="import-percent">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {running ? (
        <p className="text-sm text-slate-600">
          {run && run.total > 0 ? `${formatCount(run.processed + run.failed)} of ${formatCount(run.total)} entries` : "Reading the list..."}
        </p>
      ) : (
        <ImportSummary run={run} manual={followed.manual} />
      )}
    </section>
  );
}

/**
 * The finished run: destructive when entries were skipped or the run failed;
 * amber when it held back its renewals, with the reason.
 */
export function ImportSummary({ run, manual }: { run: ImportRunView; manual: boolean }) {
  const failed = run.state === "failed";
  const variant = failed || run.failed > 0 ? "destructive" : run.warning ? "warning" : "success";
  return (
    <Alert variant={variant} data-testid="import-summary">
      <AlertTitle>{finishedTitle(run, manual)}</AlertTitle>
      <AlertDescription className="space-y-2">
        {failed ? <p>{run.errorMessage ?? "Unknown error during import"}</p> : <p>{processedText(run)}</p>}
        <p>
          {run.total} entries in the list, {run.failed} failed{run.renewed > 0 ? `, ${run.renewed} marked renewed` : ""}.
        </p>
        {run.warning && <p className="font-medium">{run.warning}</p>}
        {run.errors.length > 0 && (
          <details>
            <summary className="cursor-pointer font-medium">Errors ({run.errors.length})</summary>
            <ul className="mt-2 max-h-48 list-disc overflow-y-auto pl-5">
              {run.errors.map((error, index) => (
                <li key={index}>{error}</li>
              ))}
            </ul>
          </details>
        )}
      </AlertDescription>
    </Alert>
  );
}
