import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import { resendSchema, type FieldErrors } from "~/domain/credentials";
import { EmailField } from "./credential-fields";
import { useCredentialForm } from "./use-client-validation";

type ResendVerificationFormProps = {
  redirectTo: string;
  defaultEmail?: string;
  fieldErrors?: FieldErrors;
  /** The answer after sending (the same for every address). */
  notice?: string | null;
  failure?: string | null;
};

/** Asks for a new confirmation link; shown when sign-in was refused for an unconfirmed address. */
export function ResendVerificationForm({ redirectTo, defaultEmail, fieldErrors, notice, failure }: ResendVerificationFormProps) {
  const { submitting, validation } = useCredentialForm("resend", resendSchema, fieldErrors);

  return (
    <section aria-labelledby="resend-heading" className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 id="resend-heading" className="font-semibold text-slate-900">
        Skicka bekräftelsemejlet igen
      </h2>
      {notice ? (
        <p role="status" className="text-sm text-green-900">
          {notice}
        </p>
      ) : null}
      <FormError message={failure} />
      <Form method="post" action="/auth" noValidate onSubmit={validation.onSubmit} className="space-y-3">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField {...validation} label="E-post för bekräftelsemejlet" defaultValue={defaultEmail} />
        <Button type="submit" variant="outline" disabled={submitting}>
          {submitting ? "Skickar..." : "Skicka nytt bekräftelsemejl"}
        </Button>
      </Form>
    </section>
  );
}
