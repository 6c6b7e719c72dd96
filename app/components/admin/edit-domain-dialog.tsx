import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { DESCRIPTION_TOO_LONG, MAX_DESCRIPTION_LENGTH } from "~/lib/admin-forms";
import type { AdminDomainRow } from "~/domain/backoffice-rows";
import type { AdminActionResult } from "~/domain/admin-action-result";
import { formatIsoDate } from "./format";
import { adminStatusLabel } from "~/lib/admin-status-text";
import { DialogFormFooter } from "./dialog-form-footer";
import { useActionToast } from "./use-action-toast";

/** "Edit Domain: {name}": TLD, status and release date to read, the description to edit. */
export function EditDomainDialog({ domain, onClose }: { domain: AdminDomainRow | null; onClose: () => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ids = { tld: useId(), status: useId(), release: useId() };

  useEffect(() => {
    setDescription(domain?.description ?? "");
    setError(null);
  }, [domain]);

  useActionToast(fetcher, (result) => {
    if (result.ok) onClose();
    else setError(result.fieldErrors?.description ?? null);
  });

  const saving = fetcher.state !== "idle";
  return (
    <Dialog open={domain !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {domain && (
          <fetcher.Form
            method="post"
            className="grid gap-4"
            onSubmit={(event) => {
              if (description.trim().length <= MAX_DESCRIPTION_LENGTH) return;
              event.preventDefault();
              setError(DESCRIPTION_TOO_LONG);
            }}
          >
            <DialogHeader>
              <DialogTitle>Edit Domain: {domain.unicodeName}</DialogTitle>
              <DialogDescription>The description is shown on the domain's page.</DialogDescription>
            </DialogHeader>
            <input type="hidden" name="intent" value="update-description" />
            <input type="hidden" name="name" value={domain.name} />
            <div className="grid gap-4 sm:grid-cols-3">
              <ReadOnly id={ids.tld} label="TLD" value={domain.tld} />
              <ReadOnly id={ids.status} label="Status" value={adminStatusLabel(domain.status)} />
              <ReadOnly id={ids.release} label="Release Date" value={formatIsoDate(domain.releaseDate)} />
            </div>
            <Field
              label="Description"
              error={error}
              hint={`${description.length.toLocaleString("en-US")} / ${MAX_DESCRIPTION_LENGTH.toLocaleString("en-US")} characters`}
            >
              {(field) => (
                <Textarea
                  {...field}
                  name="description"
                  rows={6}
                  value={description}
                  placeholder="Add a description for this domain..."
                  onChange={(event) => {
                    setDescription(event.currentTarget.value);
                    setError(null);
                  }}
                />
              )}
            </Field>
            <DialogFormFooter busy={saving} label="Save Changes" busyLabel="Saving..." />
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ReadOnly({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} readOnly className="bg-slate-50" />
    </div>
  );
}
