// The /account page's actions on the account itself: each parses its fields, calls one
// server function and answers with a redirect and toast, or the messages for the form.
import type { Db } from "~/server/db/client.server";
import { data } from "react-router";
import { credentialsFromForm, deleteAccountSchema, fieldErrorsOf, type FieldErrors } from "~/domain/credentials";
import type { AuthFailure } from "~/server/auth/auth-failure.server";
import { changeOwnPassword, confirmOwnPassword } from "~/server/auth/own-password.server";
import { serverPasswordSchemas } from "~/server/auth/password-policy.server";
import type { SessionUser } from "~/server/auth/session.server";
import { signOut } from "~/server/auth/sign-out.server";
import { redirectWithToast } from "~/server/toast.server";
import { deleteAccount } from "~/server/users/delete-account.server";

export type AccountFormIntent = "change-password" | "delete-account";

export type AccountFormAnswer = { intent: AccountFormIntent; fieldErrors?: FieldErrors; failure?: string };

export const LAST_ADMIN_MESSAGE =
  "Du är den enda administratören. Gör någon annan till administratör i backoffice innan du raderar ditt konto.";

function answer(intent: AccountFormIntent, status: number, body: Omit<AccountFormAnswer, "intent">) {
  return data<AccountFormAnswer>({ intent, ...body }, { status });
}

/** A refused password check as the form shows it: on the field it is about, or above the form. */
function failureAnswer(intent: AccountFormIntent, failure: AuthFailure) {
  if (failure.code === "INVALID_PASSWORD") return answer(intent, 400, { fieldErrors: { currentPassword: failure.message } });
  if (failure.code.startsWith("PASSWORD_")) return answer(intent, 400, { fieldErrors: { password: failure.message } });
  return answer(intent, failure.status, { failure: failure.message });
}

/** Byt lösenord: every other session of the account ends; this browser stays signed in. */
export async function changePassword(db: Db, request: Request, user: SessionUser, form: FormData) {
  const intent = "change-password";
  const parsed = serverPasswordSchemas.changePasswordSchema.safeParse(credentialsFromForm(form));
  if (!parsed.success) return answer(intent, 400, { fieldErrors: fieldErrorsOf(parsed.error) });
  const result = await changeOwnPassword(db, request, user, parsed.data);
  if (!result.ok) return failureAnswer(intent, result);
  return redirectWithToast(
    "/account?tab=profile",
    { title: "Lösenordet är bytt", description: "Du har loggats ut på alla andra enheter." },
    { headers: result.headers },
  );
}

/** Radera mitt konto: confirmed with the password; everything kept for the account goes at once. */
export async function deleteOwnAccount(db: Db, request: Request, user: SessionUser, form: FormData) {
  const intent = "delete-account";
  const parsed = deleteAccountSchema.safeParse(credentialsFromForm(form));
  if (!parsed.success) return answer(intent, 400, { fieldErrors: fieldErrorsOf(parsed.error) });
  const confirmed = await confirmOwnPassword(request, user, parsed.data.currentPassword);
  if (!confirmed.ok) return failureAnswer(intent, confirmed);
  const result = await deleteAccount(db, user.id);
  if (!result.ok && result.reason === "last-admin") return answer(intent, 409, { failure: LAST_ADMIN_MESSAGE });
  // Deleted now or a moment ago by another request: either way the cookie goes.
  const headers = await signOut(request);
  return redirectWithToast("/", { title: "Kontot är raderat", description: "Ditt konto och allt vi sparat om det är borttaget." }, { headers });
}
