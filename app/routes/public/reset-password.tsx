import { data, Link } from "react-router";
import { ResetPasswordForm } from "~/components/auth/reset-password-form";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { CREDENTIAL_MESSAGES, credentialsFromForm, fieldErrorsOf } from "~/domain/credentials";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { isResetLinkUsable, isWellFormedResetToken, resetPassword } from "~/server/auth/password-reset.server";
import { serverPasswordSchemas } from "~/server/auth/password-policy.server";
import { readLimitedForm } from "~/server/http/read-limited-form.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Välj nytt lösenord",
    description: "Välj ett nytt lösenord för ditt konto.",
    path: "/auth/reset-password",
    noIndex: true,
  });

// The token is in the address: it must not leave in a Referer header nor stay in a cache.
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

/** Where the mailed link lands: the form if the link still works, otherwise a way to get a new one. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = await isResetLinkUsable(token);
  return data({ token: usable ? token : "", usable }, { headers: PRIVATE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const read = await readLimitedForm(request);
  if (!read.ok) return data({ usable: false as const }, { status: read.reason === "too-large" ? 413 : 400, headers: PRIVATE_HEADERS });
  const form = read.formData;
  const token = typeof form.get("token") === "string" ? (form.get("token") as string) : "";
  if (!isWellFormedResetToken(token)) return data({ usable: false as const }, { status: 400, headers: PRIVATE_HEADERS });
  const parsed = serverPasswordSchemas.resetPasswordSchema.safeParse(credentialsFromForm(form));
  if (!parsed.success) return data({ usable: true as const, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await resetPassword(request, { token, password: parsed.data.password });
  if (!result.ok) {
    // Too short, too long or too common: the schema above checks the same, so only a changed rule gets here.
    if (result.code.startsWith("PASSWORD_")) {
      return data({ usable: true as const, fieldErrors: { password: result.message } }, { status: result.status, headers: PRIVATE_HEADERS });
    }
    return data({ usable: false as const }, { status: result.status, headers: PRIVATE_HEADERS });
  }
  return redirectWithToast("/auth", { title: "Lösenordet är bytt", description: "Logga in med ditt nya lösenord." });
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const usable = loaderData.usable && actionData?.usable !== false;
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Välj nytt lösenord</h1>
      {usable ? (
        <>
          <p className="text-slate-700">När du har sparat det nya lösenordet loggas du ut överallt där du är inloggad, och loggar in igen med det nya.</p>
          <ResetPasswordForm token={loaderData.token} fieldErrors={actionData && "fieldErrors" in actionData ? actionData.fieldErrors : undefined} />
        </>
      ) : (
        <Alert variant="destructive">
          <AlertTitle>Länken fungerar inte</AlertTitle>
          <AlertDescription>{CREDENTIAL_MESSAGES.resetLinkInvalid}</AlertDescription>
        </Alert>
      )}
      <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link to="/auth/forgot-password" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Be om en ny länk
        </Link>
        <Link to="/auth" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Tillbaka till inloggningen
        </Link>
      </p>
    </div>
  );
}
