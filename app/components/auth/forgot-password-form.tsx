import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import { forgotPasswordSchema, type FieldErrors } from "~/domain/credentials";
import { EmailField } from "./credential-fields";
import { useCredentialForm } from "./use-client-validation";

type ForgotPasswordFormProps = {
  defaultEmail?: string;
  fieldErrors?: FieldErrors;
  failure?: string | null;
};

/** "Glömt lösenordet?": the address to mail a reset link to. Works before JavaScript loads. */
export function ForgotPasswordForm({ defaultEmail, fieldErrors, failure }: ForgotPasswordFormProps) {
  const { submitting, validation } = useCredentialForm("forgot-password", forgotPasswordSchema, fieldErrors);

  return (
    <Form method="post" action="/auth/forgot-password" noValidate onSubmit={validation.onSubmit} className="space-y-4" aria-label="Återställ lösenord">
      <input type="hidden" name="intent" value="forgot-password" />
      <FormError message={failure} />
      <EmailField {...validation} defaultValue={defaultEmail} />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Skickar..." : "Skicka länk"}
      </Button>
    </Form>
  );
}
