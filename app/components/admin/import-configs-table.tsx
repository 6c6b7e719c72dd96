import { ExternalLink, Pencil, Play, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TableCell, TableRow } from "~/components/ui/table";
import type { TldImportRow } from "~/domain/backoffice-rows";
import type { AdminActionResult } from "~/domain/admin-action-result";
import { AdminTable } from "./admin-table";
import { ConfirmDialog } from "./confirm-dialog";
import { EditImportConfigDialog } from "./edit-import-config-dialog";
import { formatDateTimeUtc } from "./format";
import type { FollowedRun } from "./import-progress";
import { UploadListButton } from "./upload-list-button";
import { useActionToast } from "./use-action-toast";

/** The configured lists: when each was last imported, checked and changed, and what can be done with it. */
export function ImportConfigsTable({ configs, onStarted }: { configs: TldImportRow[]; onStarted: (run: FollowedRun) => void }) {
  const [editing, setEditing] = useState<TldImportRow | null>(null);
  const [deleting, setDeleting] = useState<TldImportRow | null>(null);
  return (
    <>
      <AdminTable
        aria-label="TLD import configurations"
        columns={["TLD", "URL", "Status", "Last Import", "Last Checked", "Last Changed", "Actions"]}
        rows={configs}
        emptyText="No import configurations found"
      >
        {(config) => (
          <ConfigRow
            key={config.id}
            config={config}
            onStarted={onStarted}
            onEdit={() => setEditing(config)}
            onDelete={() => setDeleting(config)}
          />
        )}
      </AdminTable>
      {editing && <EditImportConfigDialog config={editing} onClose={() => setEditing(null)} />}
      <DeleteConfigDialog config={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function ConfigRow({
  config,
  onStarted,
  onEdit,
  onDelete,
}: {
  config: TldImportRow;
  onStarted: (run: FollowedRun) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  useActionToast(fetcher, (result) => {
    if (result.ok && result.importRunId) onStarted({ id: result.importRunId, manual: false });
  });
  return (
    <TableRow data-config={config.tld}>
      <TableCell className="font-medium">{config.tld}</TableCell>
      <TableCell className="min-w-48 max-w-xs">
        <a
          href={config.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 break-all text-brand-700 hover:underline"
        >
          {config.url}
          <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </TableCell>
      <TableCell>
        <Badge variant={config.enabled ? "success" : "muted"}>{config.enabled ? "Enabled" : "Disabled"}</Badge>
      </TableCell>
      <TableCell className="whitespace-nowrap">{config.lastImport ? formatDateTimeUtc(config.lastImport) : "Never"}</TableCell>
      <TableCell>
        <span className="whitespace-nowrap">{config.lastCheckedAt ? formatDateTimeUtc(config.lastCheckedAt) : "Never"}</span>
        {config.lastCheckError && <p className="mt-1 min-w-40 max-w-xs text-xs text-red-800">Check failed: {config.lastCheckError}</p>}
      </TableCell>
      <TableCell className="whitespace-nowrap">{config.lastChangedAt ? formatDateTimeUtc(config.lastChangedAt) : "—"}</TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-2">
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="run-import" />
            <input type="hidden" name="configId" value={config.id} />
            <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
              <Play aria-hidden="true" />
              Run Import<span className="sr-only"> for {config.tld}</span>
            </Button>
          </fetcher.Form>
          <UploadListButton configId={config.id} tld={config.tld} onStarted={onStarted} />
          <Button size="sm" variant="outline" onClick={onEdit}>
            <Pencil aria-hidden="true" /> Edit<span className="sr-only"> the {config.tld} configuration</span>
          </Button>
          <Button size="sm" variant="outline" className="text-red-800" onClick={onDelete}>
            <Trash2 aria-hidden="true" /> Delete<span className="sr-only"> the {config.tld} configuration</span>
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}

function DeleteConfigDialog({ config, onClose }: { config: TldImportRow | null; onClose: () => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  useActionToast(fetcher, () => onClose());
  return (
    <ConfirmDialog
      open={config !== null}
      onOpenChange={(open) => !open && onClose()}
      title={config ? `Delete the ${config.tld} import configuration?` : ""}
      description={
        <>
          <span className="break-all">{config?.url}</span> is then no longer checked or imported, by the schedule or by hand. The names
          already imported and the import history stay.
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={fetcher.state !== "idle"}
      onConfirm={() => config && fetcher.submit({ intent: "delete-import-config", configId: String(config.id) }, { method: "post" })}
    />
  );
}
