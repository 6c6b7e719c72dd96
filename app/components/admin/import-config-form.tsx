import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { MAX_IMPORT_URL_LENGTH } from "~/lib/admin-forms";
import type { AdminActionResult } from "~/domain/admin-action-result";
import { useActionToast } from "./use-action-toast";

/** "Add New Import Configuration": TLD and the list's URL; the server validates both. */
export function ImportConfigForm() {
  const fetcher = useFetcher<AdminActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  useActionToast(fetcher, (result) => {
    setErrors(result.ok ? {} : (result.fieldErrors ?? {}));
    if (result.ok) form.current?.reset();
  });
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="add-import-title" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h3 id="add-import-title" className="font-semibold">
        Add New Import Configuration
      </h3>
      <fetcher.Form ref={form} method="post" className="grid gap-4 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
        <input type="hidden" name="intent" value="add-import-config" />
        <Field label="TLD" error={errors.tld} hint="For example nu, se">
          {(field) => <Input {...field} name="tld" placeholder="se" required maxLength={10} autoComplete="off" autoCapitalize="none" />}
        </Field>
        <DataUrlField error={errors.url} />
        <Button type="submit" disabled={busy} className="sm:mt-6">
          {busy ? "Adding..." : "Add Import Configuration"}
        </Button>
      </fetcher.Form>
    </section>
  );
}

/** A configuration's list URL, as the add form and the edit dialog ask for it. */
export function DataUrlField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  return (
    <Field label="Data URL" error={error}>
      {(field) => (
        <Input
          {...field}
          name="url"
          type="url"
          required
          maxLength={MAX_IMPORT_URL_LENGTH}
          defaultValue={defaultValue}
          autoComplete="off"
          placeholder="https://data.internetstiftelsen.se/bardate_domains.json"
        />
      )}
    </Field>
  );
}
