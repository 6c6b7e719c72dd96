import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { credentialsFromForm, fieldErrorsOf, type FieldErrors } from "~/domain/credentials";

/**
 * Checks a credentials form with the shared zod schema before it is sent. Invalid:
 * the submit is stopped, the messages appear next to the fields and the first
 * invalid field gets focus. Valid: the form posts normally (the server checks again).
 */
export function useClientValidation(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? serverErrors ?? {};

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const result = schema.safeParse(credentialsFromForm(new FormData(form)));
    if (result.success) {
      // Let the server's answer (if any) show next.
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found = fieldErrorsOf(result.error);
    setClientErrors(found);
    const first = (["email", "password", "confirmPassword"] as const).find((name) => found[name]);
    if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
  }

  /** Typing in a field clears its message; it is checked again on the next submit. */
  function onFieldChange(name: keyof FieldErrors) {
    if (!errors[name]) return;
    setClientErrors({ ...errors, [name]: undefined });
  }

  return { errors, onSubmit, onFieldChange };
}
