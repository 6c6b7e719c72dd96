import { Form, Link } from "react-router";
import { loadUserMenu } from "~/components/account-area";
import { Button } from "~/components/ui/button";
import { loginSchema, type FieldErrors } from "~/domain/credentials";
import { AuthFailureAlert } from "./auth-failure-alert";
import { EmailField, PasswordField } from "./credential-fields";
import { useCredentialForm } from "./use-client-validation";

export type CredentialFormProps = {
  redirectTo: string;
  defaultEmail?: string;
  fieldErrors?: FieldErrors;
  failure?: { title: string; message: string } | null;
};

/**
 * E-mail and password (docs/product.md, "Accounts, bookmarks and the calendar"). Posts to /auth
 * (intent "login"); works before JavaScript loads.
 */
export function LoginForm({ redirectTo, defaultEmail, fieldErrors, failure }: CredentialFormProps) {
  const { submitting, validation } = useCredentialForm("login", loginSchema, fieldErrors);

  return (
    <Form
      method="post"
      action="/auth"
      noValidate
      onSubmit={(event) => {
        // Signed in without a page load: the header's menu code arrives with the answer, not after it.
        void loadUserMenu();
        validation.onSubmit(event);
      }}
      className="space-y-4"
      aria-label="Logga in"
    >
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {failure ? <AuthFailureAlert title={failure.title} message={failure.message} /> : null}
      <EmailField {...validation} defaultValue={defaultEmail} />
      <PasswordField {...validation} name="password" label="Lösenord" autoComplete="current-password" />
      <p className="text-sm">
        <Link to="/auth/forgot-password" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Glömt lösenordet?
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Loggar in..." : "Logga in"}
      </Button>
    </Form>
  );
}
