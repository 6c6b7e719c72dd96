import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { registerSchema } from "~/domain/credentials";
import { AuthFailureAlert } from "./auth-failure-alert";
import { EmailField, PasswordField } from "./credential-fields";
import type { CredentialFormProps } from "./login-form";
import { useClientValidation } from "./use-client-validation";

/** Spec §2: e-mail, password and confirmPassword (the mismatch message sits on confirmPassword). */
export function RegisterForm({ redirectTo, defaultEmail, fieldErrors, failure }: CredentialFormProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "register";
  const validation = useClientValidation(registerSchema, fieldErrors);

  return (
    <Form method="post" action="/auth" noValidate onSubmit={validation.onSubmit} className="space-y-4" aria-label="Registrera">
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {failure ? <AuthFailureAlert title={failure.title} message={failure.message} /> : null}
      <EmailField {...validation} defaultValue={defaultEmail} />
      <PasswordField {...validation} name="password" label="Lösenord" hint="Minst 6 tecken." autoComplete="new-password" />
      <PasswordField {...validation} name="confirmPassword" label="Bekräfta lösenord" autoComplete="new-password" />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Registrerar..." : "Skapa konto"}
      </Button>
    </Form>
  );
}
