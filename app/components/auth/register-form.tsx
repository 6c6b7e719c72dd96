import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { registerSchema } from "~/domain/credentials";
import { AuthFailureAlert } from "./auth-failure-alert";
import { EmailField } from "./credential-fields";
import type { CredentialFormProps } from "./login-form";
import { NewPasswordFields } from "./new-password-fields";
import { useCredentialForm } from "./use-client-validation";

/**
 * E-mail, password and confirmPassword, the mismatch message on confirmPassword (docs/product.md,
 * "Accounts, bookmarks and the calendar").
 * A common password is refused by the server, with its message on the password field.
 */
export function RegisterForm({ redirectTo, defaultEmail, fieldErrors, failure }: CredentialFormProps) {
  const { submitting, validation } = useCredentialForm("register", registerSchema, fieldErrors);

  return (
    <Form method="post" action="/auth" noValidate onSubmit={validation.onSubmit} className="space-y-4" aria-label="Registrera">
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {failure ? <AuthFailureAlert title={failure.title} message={failure.message} /> : null}
      <EmailField {...validation} defaultValue={defaultEmail} />
      <NewPasswordFields {...validation} label="Lösenord" />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Registrerar..." : "Skapa konto"}
      </Button>
    </Form>
  );
}
