import type { ReactNode } from "react";
import { data, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { LoginForm } from "~/components/auth/login-form";
import { RegisterForm } from "~/components/auth/register-form";
import { ResendVerificationForm } from "~/components/auth/resend-verification-form";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { credentialsFromForm, fieldErrorsOf, loginSchema, resendSchema } from "~/domain/credentials";
import { cn } from "~/lib/cn";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { resendVerification } from "~/server/auth/resend-verification.server";
import { safeRedirectPath } from "~/server/auth/safe-redirect.server";
import { serverPasswordSchemas } from "~/server/auth/password-policy.server";
import { getOptionalUser } from "~/server/auth/session.server";
import { signInWithPassword } from "~/server/auth/sign-in.server";
import { signUpWithPassword } from "~/server/auth/sign-up.server";
import { readLimitedForm, UNREADABLE_FORM_MESSAGE } from "~/server/http/read-limited-form.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import { redirectWithToast, SESSION_TOAST_ID } from "~/server/toast.server";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Logga in eller registrera dig",
    description: "Logga in eller skapa ett konto för att bevaka .se- och .nu-domäner.",
    path: "/auth",
    noIndex: true,
  });

const RESEND_NOTICE = "Om adressen hör till ett konto som inte är bekräftat har vi skickat ett nytt bekräftelsemejl. Kontrollera din e-post.";
const BAD_LINK = "Bekräftelselänken är ogiltig eller har gått ut. Be om en ny nedan.";

/** Where the confirmation link lands: back here, which signs in and goes on to redirectTo. */
function confirmationCallback(redirectTo: string) {
  return `/auth?verified=1&redirectTo=${encodeURIComponent(redirectTo)}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const user = await getOptionalUser(request);
  if (user) {
    // Arriving from the confirmation link: better-auth has just signed the user in.
    if (url.searchParams.has("verified")) {
      throw await redirectWithToast(redirectTo, { id: SESSION_TOAST_ID, title: "E-postadressen är bekräftad", description: "Du är nu inloggad!" });
    }
    throw redirect("/");
  }
  const tab = url.searchParams.get("tab") === "register" ? "register" : "login";
  return {
    tab,
    redirectTo,
    // better-auth sends a failed confirmation back with ?error=INVALID_TOKEN / TOKEN_EXPIRED / ...
    badLink: url.searchParams.has("error"),
    registered: url.searchParams.has("registered"),
  };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const read = await readLimitedForm(request);
  if (!read.ok) return unreadable("", read.reason === "too-large" ? 413 : 400);
  const form = read.formData;
  const intent = form.get("intent");
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  const input = credentialsFromForm(form);
  const email = input.email.slice(0, 254);

  if (intent === "login") {
    const parsed = loginSchema.safeParse(input);
    if (!parsed.success) return data({ intent, email, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
    const result = await signInWithPassword(request, parsed.data);
    if (!result.ok) {
      const failure = { title: "Inloggning misslyckades", message: result.message };
      return data({ intent, email, failure, unverified: result.code === "EMAIL_NOT_VERIFIED" }, { status: result.status, headers: result.headers });
    }
    return redirectWithToast(redirectTo, { id: SESSION_TOAST_ID, title: "Inloggad", description: "Du är nu inloggad!" }, { headers: result.headers });
  }

  if (intent === "register") {
    // The server's schema also refuses the 10,000 most common passwords.
    const parsed = serverPasswordSchemas.registerSchema.safeParse(input);
    if (!parsed.success) return data({ intent, email, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
    const result = await signUpWithPassword(request, { ...parsed.data, callbackPath: confirmationCallback(redirectTo) });
    if (!result.ok) {
      if (result.code.startsWith("PASSWORD_")) return data({ intent, email, fieldErrors: { password: result.message } }, { status: result.status });
      const failure = { title: "Registrering misslyckades", message: result.message };
      return data({ intent, email, failure }, { status: result.status, headers: result.headers });
    }
    const next = `/auth?registered=1${redirectTo === "/" ? "" : `&redirectTo=${encodeURIComponent(redirectTo)}`}`;
    return redirectWithToast(next, { title: "Registrering lyckades", description: "Kontrollera din e-post för att bekräfta ditt konto!" });
  }

  if (intent === "resend") {
    const parsed = resendSchema.safeParse(input);
    if (!parsed.success) return data({ intent, email, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
    const result = await resendVerification(request, { email: parsed.data.email, callbackPath: confirmationCallback(redirectTo) });
    if (!result.ok) return data({ intent, email, resendFailure: result.message }, { status: result.status, headers: result.headers });
    return data({ intent, email, resent: true });
  }

  return unreadable(email, 400);
}

/** A form that could not be read, or no form the page knows (a broken or hand-made post). */
function unreadable(email: string, status: number) {
  return data({ intent: "unknown", email, failure: { title: "Ogiltig förfrågan", message: UNREADABLE_FORM_MESSAGE } }, { status });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const { redirectTo, badLink, registered } = loaderData;
  // The form follows the URL, so the two choices are plain links that work before JavaScript
  // has loaded. After it has, a click shows the other form at once, while the URL is being
  // loaded; a failed form keeps its own.
  const tab =
    pendingTab(navigation) ?? (actionData?.intent === "register" ? "register" : actionData?.intent === "login" ? "login" : loaderData.tab);
  const forTab = (name: AuthTab) => {
    const params = new URLSearchParams(searchParams);
    params.set("tab", name);
    params.delete("error");
    return `/auth?${params.toString()}`;
  };
  const action = actionData && "fieldErrors" in actionData ? actionData : undefined;
  const failure = actionData && "failure" in actionData ? actionData.failure : null;
  const showResend = badLink || registered || (actionData && ("unverified" in actionData ? actionData.unverified : actionData.intent === "resend"));

  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{tab === "register" ? "Skapa konto" : "Logga in"}</h1>
      {badLink ? (
        <Alert variant="destructive">
          <AlertTitle>Bekräftelsen misslyckades</AlertTitle>
          <AlertDescription>{BAD_LINK}</AlertDescription>
        </Alert>
      ) : null}
      {registered ? (
        <Alert variant="success">
          <AlertTitle>Kontrollera din e-post</AlertTitle>
          <AlertDescription>Vi har skickat en länk till din e-postadress. Öppna den för att bekräfta ditt konto, sedan kan du logga in.</AlertDescription>
        </Alert>
      ) : null}
      <nav aria-label="Logga in eller registrera dig" className="grid w-full grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
        <FormChoice to={forTab("login")} current={tab === "login"}>
          Logga in
        </FormChoice>
        <FormChoice to={forTab("register")} current={tab === "register"}>
          Registrera
        </FormChoice>
      </nav>
      {tab === "login" ? (
        <LoginForm
          redirectTo={redirectTo}
          defaultEmail={actionData?.email}
          fieldErrors={action?.intent === "login" ? action.fieldErrors : undefined}
          failure={actionData?.intent === "login" || actionData?.intent === "unknown" ? failure : null}
        />
      ) : (
        <RegisterForm
          redirectTo={redirectTo}
          defaultEmail={actionData?.email}
          fieldErrors={action?.intent === "register" ? action.fieldErrors : undefined}
          failure={actionData?.intent === "register" ? failure : null}
        />
      )}
      {showResend ? (
        <ResendVerificationForm
          redirectTo={redirectTo}
          defaultEmail={actionData?.email}
          fieldErrors={action?.intent === "resend" ? action.fieldErrors : undefined}
          notice={actionData && "resent" in actionData ? RESEND_NOTICE : null}
          failure={actionData && "resendFailure" in actionData ? actionData.resendFailure : null}
        />
      ) : null}
    </div>
  );
}

type AuthTab = "login" | "register";

/** The form a link to another /auth tab is loading (a form's own submission changes nothing). */
function pendingTab(navigation: ReturnType<typeof useNavigation>): AuthTab | null {
  if (navigation.state !== "loading" || navigation.formMethod || navigation.location.pathname !== "/auth") return null;
  return new URLSearchParams(navigation.location.search).get("tab") === "register" ? "register" : "login";
}

/**
 * One of the two choices above the form: a link (not a tab of a tab list,
 * whose keyboard handling needs JavaScript), marked as the current page
 * when its form is shown.
 */
function FormChoice({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      aria-current={current ? "page" : undefined}
      className={cn(
        "rounded-md px-3 py-1.5 text-center text-sm font-medium text-slate-700 hover:text-slate-900",
        current && "bg-white text-slate-900 shadow-sm",
      )}
    >
      {children}
    </Link>
  );
}
