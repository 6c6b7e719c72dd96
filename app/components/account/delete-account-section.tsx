import { Form } from "react-router";
import { AuthFailureAlert } from "~/components/auth/auth-failure-alert";
import { PasswordField } from "~/components/auth/credential-fields";
import { useCredentialForm } from "~/components/auth/use-client-validation";
import { Button } from "~/components/ui/button";
import { deleteAccountSchema, type FieldErrors } from "~/domain/credentials";

/** "Radera mitt konto": says what goes, and asks for the password as the confirmation. */
export function DeleteAccountSection({ fieldErrors, failure }: { fieldErrors?: FieldErrors; failure?: string }) {
  const { submitting, validation } = useCredentialForm("delete-account", deleteAccountSchema, fieldErrors);

  return (
    <section aria-labelledby="delete-account-heading" className="space-y-4 rounded-xl border border-red-200 bg-white p-6">
      <h2 id="delete-account-heading" className="text-lg font-semibold text-red-800">
        Radera kontot
      </h2>
      <p className="text-sm text-slate-700">
        Kontot raderas direkt och för gott, tillsammans med dina bokmärken, din kalender- och flödesadress och allt annat vi sparat om kontot.
        Det går inte att ångra. Vill du spara något, ladda ner dina uppgifter först.
      </p>
      <Form method="post" action="/account?tab=profile" noValidate onSubmit={validation.onSubmit} className="max-w-md space-y-4" aria-label="Radera kontot">
        <input type="hidden" name="intent" value="delete-account" />
        {failure ? <AuthFailureAlert title="Kontot kunde inte raderas" message={failure} /> : null}
        <PasswordField {...validation} name="currentPassword" label="Ditt lösenord" autoComplete="current-password" />
        <Button type="submit" variant="destructive" disabled={submitting}>
          {submitting ? "Raderar..." : "Radera mitt konto för gott"}
        </Button>
      </Form>
    </section>
  );
}
