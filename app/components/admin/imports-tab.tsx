import { useState } from "react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { NAME_SERVER_OPERATORS_PATH } from "~/lib/admin-tabs";
import type { ImportRunView, TldImportChangeRow, TldImportRow } from "~/domain/backoffice-rows";
import { ImportConfigChanges } from "./import-config-changes";
import { ImportConfigForm } from "./import-config-form";
import { ImportConfigsTable } from "./import-configs-table";
import { ImportHistory, type ImportHistoryPage } from "./import-history";
import { ImportProgressPanel, type FollowedRun } from "./import-progress";
import { ZoneLink } from "./zone-page";

export type ImportsTabData = {
  configs: TldImportRow[];
  /** One page of the import history, and the run under way (whichever page is shown). */
  runs: ImportRunView[];
  running: ImportRunView | null;
  history: ImportHistoryPage;
  changes: TldImportChangeRow[];
};

/** An upload is a "manual" import in the backoffice's messages ("Manual Import Complete"). */
const isUpload = (run: ImportRunView) => run.trigger === "upload" || run.source.startsWith("upload:");

/** The TLD Imports tab, "TLD Import Configurations" (docs/product.md, "Release lists and imports"). */
export function ImportsTab({ data }: { data: ImportsTabData }) {
  const running = data.running;
  // The run this page started, else one already going when the page loaded (a schedule, another admin).
  const [started, setStarted] = useState<FollowedRun | null>(null);
  const followed = started ?? (running ? { id: running.id, manual: isUpload(running) } : null);

  return (
    <Card>
      <CardHeader className="space-y-1">
        <h2 className="text-lg font-semibold">TLD Import Configurations</h2>
        <p className="text-sm text-slate-600">
          Each TLD has one list, imported as its complete list: checked every hour and imported when it changed, and imported every night at
          02:00 UTC.
        </p>
        <p className="text-sm">
          <Link to={NAME_SERVER_OPERATORS_PATH} className="font-medium text-brand-700 underline underline-offset-2">
            Name server operators
          </Link>
          <span className="text-slate-600">: who the zone&apos;s name servers belong to.</span>
        </p>
        <ZoneLink />
      </CardHeader>
      <CardContent className="space-y-6">
        {followed && <ImportProgressPanel key={followed.id} followed={followed} />}
        <ImportConfigsTable configs={data.configs} onStarted={setStarted} />
        <ImportConfigForm />
        <ImportHistory runs={data.runs} history={data.history} onStarted={setStarted} />
        <ImportConfigChanges changes={data.changes} />
      </CardContent>
    </Card>
  );
}
