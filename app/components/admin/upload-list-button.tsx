import { Upload } from "lucide-react";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import type { AdminActionResult } from "~/domain/admin-action-result";
import type { FollowedRun } from "./import-progress";
import { INVALID_FILE_TYPE, isReleaseListFile } from "~/domain/release-list-file";
import { useActionToast } from "./use-action-toast";

/**
 * "Upload JSON": picks a release list and hands it to the import; the panel then follows the run.
 * With `applyPastDated` it is a held upload's "Apply anyway": the file is chosen again and imported
 * however old its dates are.
 */
export function UploadListButton({
  configId,
  tld,
  onStarted,
  applyPastDated = false,
}: {
  configId: number;
  tld: string;
  onStarted: (run: FollowedRun) => void;
  applyPastDated?: boolean;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const input = useRef<HTMLInputElement>(null);
  useActionToast(fetcher, (result) => {
    if (result.ok && result.importRunId) onStarted({ id: result.importRunId, manual: true });
  });
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,.txt,application/json,text/plain"
        aria-label={applyPastDated ? `Upload the held ${tld} list again` : `Upload JSON for ${tld}`}
        className="hidden"
        tabIndex={-1}
        data-testid={applyPastDated ? `upload-anyway-${tld}` : `upload-${tld}`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (!file) return;
          if (!isReleaseListFile(file)) {
            toast.error(INVALID_FILE_TYPE.title, { description: INVALID_FILE_TYPE.description });
            return;
          }
          const form = new FormData();
          form.set("intent", "upload-import");
          form.set("configId", String(configId));
          form.set("file", file);
          if (applyPastDated) form.set("applyPastDated", "true");
          void fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
        }}
      />
      <Button type="button" size="sm" variant="outline" disabled={fetcher.state !== "idle"} onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" />
        {fetcher.state !== "idle" ? "Uploading..." : applyPastDated ? "Apply anyway" : "Upload JSON"}
        <span className="sr-only">{applyPastDated ? ` (choose the held ${tld} file again)` : ` for ${tld}`}</span>
      </Button>
    </>
  );
}
