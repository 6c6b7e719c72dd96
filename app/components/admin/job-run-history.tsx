import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { TableCell, TableRow } from "~/components/ui/table";
import type { JobRunRow } from "~/domain/backoffice-rows";
import { cn } from "~/lib/cn";
import { JOB_TEXTS, jobOutcome } from "~/lib/admin-job-texts";
import { AdminPager } from "./admin-pager";
import { AdminTable } from "./admin-table";
import { formatDateTimeUtc } from "./format";
import { jobRunBadge } from "./job-run-badge";

export type JobRunHistoryPage = { job: string; runs: JobRunRow[]; page: number; totalPages: number; runCount: number };

const historyHref = (job: string, page = 1) => `/admin/maintenance?history=${encodeURIComponent(job)}${page > 1 ? `&page=${page}` : ""}`;

/**
 * Every recorded run of one maintenance job, newest first, a page at a time:
 * when, who or what started it, its outcome and what it did or why it
 * failed (docs/product.md, "A run's outcome"). A link per job chooses whose.
 */
export function JobRunHistory({ jobs, history }: { jobs: string[]; history: JobRunHistoryPage }) {
  return (
    <section aria-labelledby="job-run-history-title" className="space-y-3">
      {/* The job's name is not in the heading: each card's heading is that name already. */}
      <h3 id="job-run-history-title" className="font-semibold">
        Run history
      </h3>
      <p className="text-sm text-slate-600" data-testid="job-run-history-count">
        {JOB_TEXTS[history.job]?.title ?? history.job}: {history.runCount} {history.runCount === 1 ? "run" : "runs"} in the last 30 days
      </p>
      <nav aria-label="Run history of" className="flex flex-wrap gap-3 text-sm">
        {jobs.map((job) => (
          <Link
            key={job}
            to={historyHref(job)}
            aria-current={job === history.job ? "page" : undefined}
            preventScrollReset
            className={cn("underline", job === history.job && "font-semibold no-underline")}
          >
            {JOB_TEXTS[job]?.title ?? job}
          </Link>
        ))}
      </nav>
      <AdminTable
        aria-label={`Runs of ${JOB_TEXTS[history.job]?.title ?? history.job}`}
        columns={["Started", "Finished", "Started by", "Outcome", "Result"]}
        rows={history.runs}
        emptyText="This job has not run in the last 30 days."
      >
        {(run) => {
          const badge = jobRunBadge(run);
          return (
            <TableRow key={run.id} data-job-run={run.id}>
              <TableCell className="whitespace-nowrap">{formatDateTimeUtc(run.startedAt)}</TableCell>
              <TableCell className="whitespace-nowrap">{run.finishedAt ? formatDateTimeUtc(run.finishedAt) : "—"}</TableCell>
              <TableCell>{run.trigger.startsWith("admin:") ? "Admin" : run.trigger}</TableCell>
              <TableCell>
                <Badge variant={badge.variant}>{badge.label}</Badge>
              </TableCell>
              <TableCell className="min-w-72 max-w-xl text-sm">{jobOutcome(history.job, run)?.description ?? "Running..."}</TableCell>
            </TableRow>
          );
        }}
      </AdminTable>
      <AdminPager
        page={history.page}
        totalPages={history.totalPages}
        hrefFor={(page) => historyHref(history.job, page)}
        label="Run history pages"
      />
    </section>
  );
}
