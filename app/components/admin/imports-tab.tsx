import { ExternalLink, Play } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { TldImportRow } from "~/server/db/schema/imports.server";
import type { ImportRunView } from "~/server/imports/list-import-runs.server";
import type { AdminActionResult } from "./action-result";
import { formatDateTimeUtc } from "./format";
import { ImportConfigForm } from "./import-config-form";
import { ImportHistory } from "./import-history";
import { ImportProgressPanel, type FollowedRun } from "./import-progress";
import { UploadListButton } from "./upload-list-button";
import { useActionToast } from "./use-action-toast";

export type ImportsTabData = { configs: TldImportRow[]; runs: ImportRunView[] };

/** An upload is a "manual" import in the spec's messages. */
const isUpload = (run: ImportRunView) => run.trigger === "upload" || run.source.startsWith("upload:");

/** Spec §2 TLD Imports tab "TLD Import Configurations". */
export function ImportsTab({ data }: { data: ImportsTabData }) {
  const running = data.runs.find((run) => run.state === "running");
  // The run this page started, else one already going when the page loaded (a schedule, another admin).
  const [started, setStarted] = useState<FollowedRun | null>(null);
  const followed = started ?? (running ? { id: running.id, manual: isUpload(running) } : null);

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">TLD Import Configurations</h2>
      </CardHeader>
      <CardContent className="space-y-6">
        {followed && <ImportProgressPanel key={followed.id} followed={followed} />}
        <Table aria-label="TLD import configurations">
          <TableHeader>
            <TableRow>
              <TableHead>TLD</TableHead>
              <TableHead>URL</TableHead>
              <TableHead>Last Import</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.configs.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="py-8 text-center text-slate-600">
                  No import configurations found
                </TableCell>
              </TableRow>
            ) : (
              data.configs.map((config) => <ConfigRow key={config.id} config={config} onStarted={setStarted} />)
            )}
          </TableBody>
        </Table>
        <ImportConfigForm />
        <ImportHistory runs={data.runs} />
      </CardContent>
    </Card>
  );
}

function ConfigRow({ config, onStarted }: { config: TldImportRow; onStarted: (run: FollowedRun) => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  useActionToast(fetcher, (result) => {
    if (result.ok && result.importRunId) onStarted({ id: result.importRunId, manual: false });
  });
  return (
    <TableRow data-config={config.tld}>
      <TableCell className="font-medium">{config.tld}</TableCell>
      <TableCell className="max-w-xs">
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
      <TableCell className="whitespace-nowrap">{config.lastImport ? formatDateTimeUtc(config.lastImport) : "Never"}</TableCell>
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
        </div>
      </TableCell>
    </TableRow>
  );
}
