import type { FormEvent } from "react";
import { toast } from "sonner";
import type { FieldErrors, Parsed } from "~/lib/admin-forms";

/**
 * A backoffice form checked in the browser before it is sent (the server
 * checks again): a form with a problem is not sent; each field shows its
 * message and the first is also a "Validation Error" toast.
 */
export function refuseInvalidForm<Field extends string>(
  event: FormEvent<HTMLFormElement>,
  parsed: Parsed<unknown, Field>,
  setErrors: (errors: FieldErrors<Field>) => void,
) {
  if (parsed.ok) return setErrors({});
  event.preventDefault();
  setErrors(parsed.errors);
  toast.error("Validation Error", { description: Object.values(parsed.errors).find(Boolean) as string | undefined });
}
