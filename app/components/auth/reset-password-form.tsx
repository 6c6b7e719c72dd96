import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { resetPasswordSchema, type FieldErrors } from "~/domain/credentials";
import { NewPasswordFields } from "./new-password-fields";
import { useCredentialForm } from "./use-client-validation";

/** The page a reset link opens: the new password, twice. The token rides along hidden. */
export function ResetPasswordForm({ token, fieldErrors }: { token: string; fieldErrors?: FieldErrors }) {
  const { submitting, validation } = useCredentialForm("reset-password", resetPasswordSchema, fieldErrors);

  return (
    <Form method="post" action="/auth/reset-password" noValidate onSubmit={validation.onSubmit} className="space-y-4" aria-label="Välj nytt lösenord">
      <input type="hidden" name="intent" value="reset-password" />
      <input type="hidden" name="token" value={token} />
      <NewPasswordFields {...validation} />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Sparar..." : "Spara nytt lösenord"}
      </Button>
    </Form>
  );
}
