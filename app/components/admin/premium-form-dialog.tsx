import { useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { parsePremiumDomainForm, parsePremiumUpdateForm, type FieldErrors } from "~/lib/admin-forms";
import type { AdminActionResult } from "~/domain/admin-action-result";
import { DialogFormFooter } from "./dialog-form-footer";
import { refuseInvalidForm } from "./refuse-invalid-form";
import { useActionToast } from "./use-action-toast";

type PremiumField = "name" | "tld" | "price" | "description";

export type EditablePremium = { name: string; unicodeName: string; price: number | null; description: string | null };

/**
 * "Add Premium Domain" (no `domain`) or "Edit Premium Domain" (price and
 * description only). The rules of docs/product.md, "Premium names", run here before sending and again on
 * the server; the first problem is also shown as a "Validation Error" toast.
 */
export function PremiumFormDialog({
  domain,
  open,
  onOpenChange,
  onSaved,
  trigger,
}: {
  domain?: EditablePremium;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server accepted the form (the dialog closes). */
  onSaved?: (result: AdminActionResult) => void;
  trigger?: ReactNode;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const [errors, setErrors] = useState<FieldErrors<PremiumField>>({});
  const editing = domain !== undefined;
  useActionToast(fetcher, (result) => {
    if (!result.ok) return setErrors(result.fieldErrors ?? {});
    onOpenChange(false);
    onSaved?.(result);
  });
  const busy = fetcher.state !== "idle";

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setErrors({});
        onOpenChange(next);
      }}
    >
      {trigger}
      <DialogContent>
        <fetcher.Form
          method="post"
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            const form = Object.fromEntries(new FormData(event.currentTarget));
            refuseInvalidForm(event, editing ? parsePremiumUpdateForm(form) : parsePremiumDomainForm(form), setErrors);
          }}
        >
          <DialogHeader>
            <DialogTitle>{editing ? "Edit Premium Domain" : "Add Premium Domain"}</DialogTitle>
            <DialogDescription>
              {editing
                ? `Price and description of ${domain.unicodeName}.`
                : "The name becomes a premium domain and is highlighted. A name already listed with another status becomes premium."}
            </DialogDescription>
          </DialogHeader>
          <input type="hidden" name="intent" value={editing ? "update-premium" : "add-premium"} />
          {editing ? (
            <input type="hidden" name="name" value={domain.name} />
          ) : (
            <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
              <Field label="Domain Name" error={errors.name}>
                {(field) => (
                  <Input
                    {...field}
                    name="name"
                    placeholder="example"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={300}
                  />
                )}
              </Field>
              <Field label="TLD" error={errors.tld}>
                {(field) => <Input {...field} name="tld" placeholder="se" autoComplete="off" autoCapitalize="none" maxLength={10} />}
              </Field>
            </div>
          )}
          <Field label="Price (SEK)" error={errors.price} hint="Whole kronor. Leave empty or 0 for “Contact us”.">
            {(field) => (
              <Input {...field} name="price" inputMode="numeric" autoComplete="off" maxLength={20} defaultValue={domain?.price ?? ""} />
            )}
          </Field>
          <Field label="Description" error={errors.description}>
            {(field) => <Textarea {...field} name="description" rows={4} defaultValue={domain?.description ?? ""} />}
          </Field>
          <DialogFormFooter
            busy={busy}
            label={editing ? "Update Domain" : "Add Domain"}
            busyLabel={editing ? "Updating..." : "Adding..."}
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
