import { Form } from "react-router";
import { AuthFailureAlert } from "~/components/auth/auth-failure-alert";
import { PasswordField } from "~/components/auth/credential-fields";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { useCredentialForm } from "~/components/auth/use-client-validation";
import { Button } from "~/components/ui/button";
import { changePasswordSchema, type FieldErrors } from "~/domain/credentials";

/** "Byt lösenord" on /account: the current password, then the new one twice. Works before JavaScript loads. */
export function ChangePasswordForm({ fieldErrors, failure }: { fieldErrors?: FieldErrors; failure?: string }) {
  const { submitting, validation } = useCredentialForm("change-password", changePasswordSchema, fieldErrors);

  return (
    <section aria-labelledby="change-password-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="change-password-heading" className="text-lg font-semibold text-slate-900">
        Byt lösenord
      </h2>
      <p className="text-sm text-slate-700">När lösenordet är bytt loggas du ut på alla andra enheter. Här förblir du inloggad.</p>
      <Form method="post" action="/account?tab=profile" noValidate onSubmit={validation.onSubmit} className="max-w-md space-y-4" aria-label="Byt lösenord">
        <input type="hidden" name="intent" value="change-password" />
        {failure ? <AuthFailureAlert title="Lösenordet kunde inte bytas" message={failure} /> : null}
        <PasswordField {...validation} name="currentPassword" label="Nuvarande lösenord" autoComplete="current-password" />
        <NewPasswordFields {...validation} />
        <Button type="submit" disabled={submitting}>
          {submitting ? "Byter..." : "Byt lösenord"}
        </Button>
      </Form>
    </section>
  );
}
