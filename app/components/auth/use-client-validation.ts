import { useState, type FormEvent } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { credentialsFromForm, FIELD_ORDER, fieldErrorsOf, type FieldErrors } from "~/domain/credentials";

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
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
  }

  /** Typing in a field clears its message; it is checked again on the next submit. */
  function onFieldChange(name: keyof FieldErrors) {
    if (!errors[name]) return;
    setClientErrors({ ...errors, [name]: undefined });
  }

  return { errors, onSubmit, onFieldChange };
}

/**
 * A credentials form identified by its hidden `intent` field: its client validation, and
 * whether it is being sent (for the button's pending text).
 */
export function useCredentialForm(intent: string, schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return { submitting, validation: useClientValidation(schema, serverErrors) };
}
