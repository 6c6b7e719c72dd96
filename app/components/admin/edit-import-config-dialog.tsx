import { useState } from "react";
import { useFetcher } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { parseImportConfigUpdate, type FieldErrors } from "~/lib/admin-forms";
import type { TldImportRow } from "~/domain/backoffice-rows";
import type { AdminActionResult } from "~/domain/admin-action-result";
import { DialogFormFooter } from "./dialog-form-footer";
import { DataUrlField } from "./import-config-form";
import { refuseInvalidForm } from "./refuse-invalid-form";
import { useActionToast } from "./use-action-toast";

/**
 * "Edit Import Configuration": the list's URL and whether the schedule
 * imports it (the TLD stays). Checked here before sending and again on the
 * server, which also refuses a second enabled list of the TLD.
 */
export function EditImportConfigDialog({ config, onClose }: { config: TldImportRow; onClose: () => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  const [errors, setErrors] = useState<FieldErrors<"url" | "enabled">>({});
  useActionToast(fetcher, (result) => {
    if (result.ok) onClose();
    else setErrors(result.fieldErrors ?? {});
  });
  const enabledHintId = `import-enabled-hint-${config.id}`;
  const enabledErrorId = `import-enabled-error-${config.id}`;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <fetcher.Form
          method="post"
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget);
            refuseInvalidForm(event, parseImportConfigUpdate({ url: form.get("url"), enabled: form.get("enabled") }), setErrors);
          }}
        >
          <DialogHeader>
            <DialogTitle>Edit {config.tld} Import Configuration</DialogTitle>
            <DialogDescription>
              The list at this URL is imported as the complete {config.tld} list. A new URL is imported at the next hourly check.
            </DialogDescription>
          </DialogHeader>
          <input type="hidden" name="intent" value="update-import-config" />
          <input type="hidden" name="configId" value={config.id} />
          <DataUrlField error={errors.url} defaultValue={config.url} />
          <div className="space-y-1.5">
            <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
              <input
                type="checkbox"
                name="enabled"
                value="true"
                defaultChecked={config.enabled}
                className="size-4 accent-brand-600"
                aria-describedby={[enabledHintId, errors.enabled ? enabledErrorId : null].filter(Boolean).join(" ")}
                aria-invalid={errors.enabled ? true : undefined}
              />
              Enabled
            </label>
            <p id={enabledHintId} className="text-sm text-slate-600">
              A disabled list is kept, but neither checked nor imported by the schedule.
            </p>
            {errors.enabled && (
              <p id={enabledErrorId} className="text-sm font-medium text-red-700">
                {errors.enabled}
              </p>
            )}
          </div>
          <DialogFormFooter busy={fetcher.state !== "idle"} label="Save Changes" busyLabel="Saving..." />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
