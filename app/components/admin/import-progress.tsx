import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import type { ImportRunView } from "~/domain/backoffice-rows";
import type { RunOutcome } from "~/domain/run-outcome";
import { importRunTitle, processedText, rejectedText, rejectionsPath } from "~/lib/import-run-texts";
import { formatCount } from "./format";

/** Poll interval while an import runs. */
const POLL_MS = 1000;

export type FollowedRun = { id: number; manual: boolean };

type FinishedRun = ImportRunView & { state: RunOutcome };

function finishedTitle(run: FinishedRun, manual: boolean): string {
  return importRunTitle(run.state, { manual, warning: run.warning, held: run.pastDatedList === "held" });
}

/** The toast's words: the counts, what was rejected, and a warning or the reason it failed. */
function finishedDescription(run: FinishedRun): string {
  if (run.state === "failed") return run.errorMessage ?? "Unknown error during import";
  const rejected = run.failed > 0 ? `; ${rejectedText(run)}` : "";
  return `${processedText(run)}${rejected}${run.warning ? `. ${run.warning}` : ""}`;
}

/** Amber for a warning or a partly failed run, red for a failed one (the panel's colour too). */
function finishedVariant(run: FinishedRun): "success" | "warning" | "destructive" {
  if (run.state === "failed") return "destructive";
  return run.state === "partly_failed" || run.warning ? "warning" : "success";
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
    const finished = run as FinishedRun;
    const show = { success: toast.success, warning: toast.warning, destructive: toast.error }[finishedVariant(finished)];
    show(finishedTitle(finished, followed.manual), { description: finishedDescription(finished) });
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
        <ImportSummary run={run as FinishedRun} manual={followed.manual} />
      )}
    </section>
  );
}

/**
 * The finished run under its outcome (docs/product.md, "A run's outcome"):
 * green when every entry was written, amber when some were rejected or its
 * renewals were held back, red when it failed; the rejected entries counted
 * in full, the first of them listed, all of them downloadable.
 */
export function ImportSummary({ run, manual }: { run: FinishedRun; manual: boolean }) {
  return (
    <Alert variant={finishedVariant(run)} data-testid="import-summary" data-outcome={run.state}>
      <AlertTitle>{finishedTitle(run, manual)}</AlertTitle>
      <AlertDescription className="space-y-2">
        {run.state === "failed" ? <p>{run.errorMessage ?? "Unknown error during import"}</p> : <p>{processedText(run)}</p>}
        <p>
          {run.total} entries in the list, {run.failed} rejected{run.renewed > 0 ? `, ${run.renewed} marked renewed` : ""}.
        </p>
        {run.warning && <p className="font-medium">{run.warning}</p>}
        {run.failed > 0 && <RejectedEntries run={run} />}
      </AlertDescription>
    </Alert>
  );
}

/** "Rejected entries (61)": the first reasons, and every one of them as a file. */
export function RejectedEntries({ run }: { run: Pick<ImportRunView, "id" | "failed" | "errors"> }) {
  return (
    <details>
      <summary className="cursor-pointer font-medium">Rejected entries ({formatCount(run.failed)})</summary>
      {run.errors.length < run.failed && (
        <p className="mt-2">
          The first {run.errors.length} of {formatCount(run.failed)}:
        </p>
      )}
      <ul className="mt-2 max-h-48 list-disc overflow-y-auto pl-5">
        {run.errors.map((error, index) => (
          <li key={index}>{error}</li>
        ))}
      </ul>
      <p className="mt-2">
        <a href={rejectionsPath(run.id)} download className="font-medium underline">
          Download all {formatCount(run.failed)} rejected entries with their reasons (CSV)
        </a>
      </p>
    </details>
  );
}
