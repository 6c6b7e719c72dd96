import { data, Link } from "react-router";
import { ForgotPasswordForm } from "~/components/auth/forgot-password-form";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { credentialsFromForm, fieldErrorsOf, forgotPasswordSchema } from "~/domain/credentials";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { requestPasswordReset } from "~/server/auth/password-reset.server";
import { readLimitedForm, UNREADABLE_FORM_MESSAGE } from "~/server/http/read-limited-form.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Glömt lösenordet?",
    description: "Få en länk till din e-post för att välja ett nytt lösenord.",
    path: "/auth/forgot-password",
    noIndex: true,
  });

/** The same words whether or not the address has an account: the form tells nobody who is registered. */
const SENT_NOTICE =
  "Om adressen hör till ett konto har vi skickat ett mejl med en länk för att välja ett nytt lösenord. Länken gäller i en timme. Hittar du inget mejl? Titta i skräpposten.";

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const read = await readLimitedForm(request);
  if (!read.ok) return data({ email: "", failure: UNREADABLE_FORM_MESSAGE }, { status: read.reason === "too-large" ? 413 : 400 });
  const input = credentialsFromForm(read.formData);
  const email = input.email.slice(0, 254);
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) return data({ email, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  const result = await requestPasswordReset(request, parsed.data);
  if (!result.ok) return data({ email, failure: result.message }, { status: result.status });
  return data({ email, sent: SENT_NOTICE });
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Glömt lösenordet?</h1>
      {sent ? (
        <Alert variant="success" role="status">
          <AlertTitle>Kontrollera din e-post</AlertTitle>
          <AlertDescription>{sent}</AlertDescription>
        </Alert>
      ) : (
        <p className="text-slate-700">Ange e-postadressen till ditt konto, så skickar vi en länk där du kan välja ett nytt lösenord.</p>
      )}
      <ForgotPasswordForm
        defaultEmail={actionData?.email}
        fieldErrors={actionData && "fieldErrors" in actionData ? actionData.fieldErrors : undefined}
        failure={actionData && "failure" in actionData ? actionData.failure : null}
      />
      <p className="text-sm">
        <Link to="/auth" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Tillbaka till inloggningen
        </Link>
      </p>
    </div>
  );
}
