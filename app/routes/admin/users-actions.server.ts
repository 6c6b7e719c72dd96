// The Users tab's actions (docs/product.md, "Roles"): the admin role and
// suspension, never of the acting administrator's own account.
import { setAdminRole } from "~/server/admin/set-admin-role.server";
import { setUserSuspended } from "~/server/admin/suspend-user.server";
import { fail, field, ok, type ActionContext, type AdminActions } from "./admin-action.server";

async function setRole({ db, form, admin }: ActionContext) {
  const intent = "set-admin-role";
  const wanted = field(form, "admin");
  if (wanted !== "true" && wanted !== "false") return fail(intent, 400, "Error", "Failed to change the user's role");
  const result = await setAdminRole(db, field(form, "userId"), wanted === "true", admin);
  if (!result.ok) {
    const reason = result.reason === "own-account" ? "you cannot change your own role" : "the user no longer exists";
    return fail(intent, result.reason === "own-account" ? 403 : 404, "Error", `Failed to change the user's role: ${reason}`);
  }
  return ok(intent, "Success", wanted === "true" ? "The user is now an administrator" : "The user is no longer an administrator");
}

async function setSuspended({ db, form, admin }: ActionContext) {
  const intent = "set-suspended";
  const wanted = field(form, "suspended");
  if (wanted !== "true" && wanted !== "false") return fail(intent, 400, "Error", "Failed to change the user's status");
  const suspend = wanted === "true";
  const result = await setUserSuspended(db, field(form, "userId"), suspend, admin);
  if (!result.ok) {
    const reason = result.reason === "own-account" ? "you cannot suspend or restore your own account" : "the user no longer exists";
    return fail(intent, result.reason === "own-account" ? 403 : 404, "Error", `Failed to change the user's status: ${reason}`);
  }
  return ok(
    intent,
    "Success",
    suspend ? "The user is suspended and signed out everywhere" : "The user is no longer suspended and can sign in again",
  );
}

export const USERS_ACTIONS: AdminActions = {
  "set-admin-role": setRole,
  "set-suspended": setSuspended,
};
