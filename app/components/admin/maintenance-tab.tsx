import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import type { JobRunRow } from "~/domain/backoffice-rows";
import type { AdminActionResult } from "~/domain/admin-action-result";
import { formatDateTimeUtc } from "./format";
import { JOB_TEXTS, jobOutcome, type JobOutcome } from "~/lib/admin-job-texts";
import { jobRunBadge } from "./job-run-badge";
import { JobRunHistory, type JobRunHistoryPage } from "./job-run-history";
import { useActionToast } from "./use-action-toast";

export type MaintenanceJob = { job: string; cron: string | null; nextRunAt: Date | null; latest: JobRunRow | null };

/** How often the tab re-reads the job runs while one it started is going. */
const POLL_MS = 1000;

export type MaintenanceTabData = { jobs: MaintenanceJob[]; history: JobRunHistoryPage };

/**
 * The Maintenance tab (docs/product.md, "Jobs and their schedule"): the three jobs, each with its
 * last run, its next scheduled run and a button; below them one job's run history.
 */
export function MaintenanceTab({ data }: { data: MaintenanceTabData }) {
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold">Maintenance</h2>
      <div className="grid gap-4 md:grid-cols-3">
        {data.jobs.map((job) => (
          <JobCard key={job.job} job={job} />
        ))}
      </div>
      <JobRunHistory jobs={data.jobs.map((job) => job.job)} history={data.history} />
    </div>
  );
}

function JobCard({ job }: { job: MaintenanceJob }) {
  const text = JOB_TEXTS[job.job];
  const fetcher = useFetcher<AdminActionResult>();
  const revalidator = useRevalidator();
  // Set from the click until the run it started (or joined) has finished.
  const [awaiting, setAwaiting] = useState<string | null>(null);
  useActionToast(fetcher, (result) => {
    if (result.ok && result.job) setAwaiting(result.job.requestedAt);
  });

  const latest = job.latest;
  const finishedAfterClick =
    awaiting !== null &&
    latest !== null &&
    latest.state !== "running" &&
    latest.finishedAt !== null &&
    new Date(latest.finishedAt) >= new Date(awaiting);

  useEffect(() => {
    if (awaiting === null) return;
    if (finishedAfterClick && latest) {
      const outcome = jobOutcome(job.job, latest);
      if (outcome) announce(outcome);
      setAwaiting(null);
      return;
    }
    const timer = setTimeout(() => void revalidator.revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [awaiting, finishedAfterClick, latest, job.job, revalidator]);

  const running = awaiting !== null || latest?.state === "running";
  const outcome = latest ? jobOutcome(job.job, latest) : null;
  const badge = latest ? jobRunBadge(latest) : null;
  return (
    <Card className="flex flex-col" data-job={job.job}>
      <CardHeader>
        <CardTitle>{text?.title ?? job.job}</CardTitle>
        <CardDescription>{text?.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 space-y-2 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium text-slate-700">Last run</dt>
          <dd data-testid="last-run">
            {latest && badge ? (
              <>
                {formatDateTimeUtc(latest.startedAt)} <Badge variant={badge.variant}>{badge.label}</Badge>
              </>
            ) : (
              "Never"
            )}
          </dd>
          <dt className="font-medium text-slate-700">Result</dt>
          <dd data-testid="last-result">{outcome ? outcome.description : latest ? "Running..." : "—"}</dd>
          <dt className="font-medium text-slate-700">Next run</dt>
          <dd>
            {job.nextRunAt ? (
              <>
                {formatDateTimeUtc(job.nextRunAt)}{" "}
                <span className="whitespace-nowrap text-slate-600">
                  (cron <code>{job.cron}</code>)
                </span>
              </>
            ) : (
              "Not scheduled"
            )}
          </dd>
        </dl>
      </CardContent>
      <CardFooter>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="run-job" />
          <input type="hidden" name="job" value={job.job} />
          <Button type="submit" disabled={fetcher.state !== "idle" || awaiting !== null}>
            {running ? "Running..." : (text?.button ?? "Run Manually")}
            <span className="sr-only">: {text?.title}</span>
          </Button>
        </fetcher.Form>
      </CardFooter>
    </Card>
  );
}

/** The toast for a run this tab started: green, amber or red as its outcome. */
function announce({ outcome, title, description }: JobOutcome) {
  const show = { succeeded: toast.success, partly_failed: toast.warning, failed: toast.error }[outcome];
  show(title, { description });
}
