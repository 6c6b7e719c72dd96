import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { TableCell, TableRow } from "~/components/ui/table";
import type { AdminActionResult } from "~/domain/admin-action-result";
import { adminTabPath, ZONE_PATH } from "~/lib/admin-tabs";
import type { ZoneRunView, ZoneTldView } from "~/domain/zone-views";
import { AdminTable } from "./admin-table";
import { ConfirmDialog } from "./confirm-dialog";
import { formatCount, formatDateTimeUtc } from "./format";
import { useActionToast } from "./use-action-toast";

const STATE_BADGES: Record<ZoneRunView["state"], { variant: BadgeVariant; label: string }> = {
  running: { variant: "default", label: "Running" },
  succeeded: { variant: "success", label: "Applied" },
  held: { variant: "warning", label: "Held" },
  failed: { variant: "danger", label: "Failed" },
};

const count = (value: number | null) => (value === null ? "—" : formatCount(value));

/**
 * The Zone page of the TLD Imports area: per TLD the snapshot in force, the
 * zone sync's state and the recent zone runs; a held run gets a warning and
 * "Apply anyway" (docs/operations.md, "Zone sync").
 */
export function ZonePage({ data }: { data: { tlds: ZoneTldView[] } }) {
  return (
    <Card>
      <CardHeader className="space-y-1">
        <h2 className="text-lg font-semibold">Zone</h2>
        <p className="text-sm text-slate-600">
          The registry&apos;s zone of each TLD: the snapshot in force, the zone sync and its recent reads. A read that would remove more
          than 2 % of the names in force is held until it is applied anyway.{" "}
          <Link to={adminTabPath("imports")} className="font-medium text-brand-700 underline underline-offset-2">
            Back to TLD Import Configurations
          </Link>
        </p>
      </CardHeader>
      <CardContent className="space-y-8">
        {data.tlds.map((view) => (
          <ZoneTldSection key={view.tld} view={view} />
        ))}
      </CardContent>
    </Card>
  );
}

function ZoneTldSection({ view }: { view: ZoneTldView }) {
  const { tld, inForce, sync } = view;
  const held = view.runs.filter((run) => run.applicable);
  return (
    <section aria-labelledby={`zone-${tld}-title`} className="space-y-3" data-zone-tld={tld}>
      <h3 id={`zone-${tld}-title`} className="font-semibold">
        .{tld}
      </h3>
      {held.map((run) => (
        <HeldRunWarning key={run.id} run={run} />
      ))}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">Snapshot in force</dt>
        <dd>
          {inForce
            ? `serial ${inForce.serial}, applied ${formatDateTimeUtc(inForce.appliedAt)} (${inForce.age ?? "—"} ago), ${count(inForce.names)} names delegated`
            : "none yet"}
        </dd>
        <dt className="font-medium">Zone sync</dt>
        <dd>{view.configured ? syncSummary(sync) : "not configured (ZONE_TLDS leaves it out)"}</dd>
        {sync && (
          <>
            <dt className="font-medium">Last success</dt>
            <dd>{formatDateTimeUtc(sync.lastSuccessAt)}</dd>
            <dt className="font-medium">Last attempt</dt>
            <dd>{formatDateTimeUtc(sync.lastAttemptAt)}</dd>
            <dt className="font-medium">Failures in a row</dt>
            <dd>{sync.failures}</dd>
            <dt className="font-medium">Last error</dt>
            <dd className={sync.lastError ? "break-words text-red-800" : undefined}>{sync.lastError ?? "—"}</dd>
            <dt className="font-medium">Next attempt</dt>
            <dd>{view.configured ? formatDateTimeUtc(sync.nextAttemptAt) : "—"}</dd>
          </>
        )}
      </dl>
      <AdminTable
        aria-label={`Recent .${tld} zone runs`}
        scrollLabel={`Recent .${tld} zone runs table`}
        columns={["Started", "Finished", "Source", "Serial", "State", "Names", "Result"]}
        rows={view.runs}
        emptyText={`No .${tld} zone has been read yet.`}
      >
        {(run) => (
          <TableRow key={run.id} data-zone-run={run.id}>
            <TableCell className="whitespace-nowrap">{formatDateTimeUtc(run.startedAt)}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTimeUtc(run.finishedAt)}</TableCell>
            <TableCell>{run.source}</TableCell>
            <TableCell>{run.fromSerial === null ? run.serial : `${run.fromSerial} → ${run.serial}`}</TableCell>
            <TableCell>
              <Badge variant={STATE_BADGES[run.state].variant}>{STATE_BADGES[run.state].label}</Badge>
              {run.forced && <span className="ml-1 text-xs text-slate-600">(applied anyway)</span>}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {run.state === "failed" || run.state === "running"
                ? "—"
                : `${count(run.names)}: +${count(run.appeared)} −${count(run.disappeared)}, ${count(run.nameServersChanged)} changed`}
            </TableCell>
            <TableCell className="min-w-64 max-w-md break-words text-sm">{runResult(run)}</TableCell>
          </TableRow>
        )}
      </AdminTable>
    </section>
  );
}

function syncSummary(sync: ZoneTldView["sync"]) {
  if (!sync) return "configured, not run yet";
  if (sync.syncStartedAt) return `running since ${formatDateTimeUtc(sync.syncStartedAt)}`;
  if (sync.failures > 0) return `failing (${sync.failures} in a row); the snapshot in force stays`;
  return "working";
}

function runResult(run: ZoneRunView) {
  if (run.state === "failed") return run.errorMessage ?? "The read failed.";
  if (run.state === "held" && !run.applicable)
    return `${run.heldReason ?? "Held."} A newer snapshot is in force: this read can no longer be applied.`;
  if (run.state === "held") return "Held: see the warning above.";
  if (run.state === "running") return `${count(run.records)} records read so far`;
  return run.appliedAt ? `Applied ${formatDateTimeUtc(run.appliedAt)}` : "Applied";
}

/** A held read: why, and "Apply anyway" after a confirmation. */
function HeldRunWarning({ run }: { run: ZoneRunView }) {
  const [confirming, setConfirming] = useState(false);
  const fetcher = useFetcher<AdminActionResult>();
  useActionToast(fetcher, () => setConfirming(false));
  const tld = run.tld;
  return (
    <Alert variant="warning">
      <AlertTitle>
        A read of the {tld} zone (serial {run.serial}) is held
      </AlertTitle>
      <AlertDescription className="space-y-2">
        <p>{run.heldReason}</p>
        <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
          Apply anyway
          <span className="sr-only">
            {" "}
            (the {tld} zone read of {formatDateTimeUtc(run.startedAt)})
          </span>
        </Button>
      </AlertDescription>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Apply the held ${tld} zone read anyway?`}
        description={
          <>
            Serial {run.serial} becomes the snapshot in force: {count(run.disappeared)} names leave the zone, {count(run.appeared)} appear
            and {count(run.nameServersChanged)} change name servers, as they were read on {formatDateTimeUtc(run.startedAt)}. Apply it only
            if the zone really lost those names.
          </>
        }
        confirmLabel="Apply anyway"
        pendingLabel="Applying..."
        pending={fetcher.state !== "idle"}
        onConfirm={() => fetcher.submit({ intent: "apply-zone-run", runId: String(run.id) }, { method: "post" })}
      />
    </Alert>
  );
}

/** The TLD Imports tab's way to the Zone page. */
export function ZoneLink() {
  return (
    <p className="text-sm">
      <Link to={ZONE_PATH} className="font-medium text-brand-700 underline underline-offset-2">
        Zone
      </Link>
      <span className="text-slate-600">: the snapshot in force, the zone sync and held reads.</span>
    </p>
  );
}
