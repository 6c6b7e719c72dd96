// The backoffice's actions on domains, premium names and users: each reads
// its fields, calls one server function and answers with the toast to show
// (docs/product.md, "The texts that matter"). Expected failures are values with a 4xx status.
import { data } from "react-router";
import type { AdminActionResult } from "~/domain/admin-action-result";
import { adminStatusLabel } from "~/lib/admin-status-text";
import { DESCRIPTION_TOO_LONG, parsePremiumDomainForm, parsePremiumUpdateForm } from "~/lib/admin-forms";
import { addPremiumDomain } from "~/server/admin/add-premium-domain.server";
import { deletePremiumDomain } from "~/server/admin/delete-premium-domain.server";
import { setAdminRole } from "~/server/admin/set-admin-role.server";
import { setUserSuspended } from "~/server/admin/suspend-user.server";
import { updateDomainDescription } from "~/server/admin/update-domain-description.server";
import { updatePremiumDomain } from "~/server/admin/update-premium-domain.server";
import type { SessionUser } from "~/server/auth/session.server";
import type { DatabaseHandle, Db } from "~/server/db/client.server";
import { setDomainFeatured } from "~/server/domains/set-domain-featured.server";

export type ActionContext = { db: Db; handle: DatabaseHandle; form: FormData; admin: SessionUser };

export type ActionResponse = ReturnType<typeof ok>;

export function ok(intent: string, title: string, description?: string, extra: Partial<AdminActionResult> = {}) {
  return data<AdminActionResult>({ intent, ok: true, title, description, ...extra });
}

export function fail(intent: string, status: number, title: string, description?: string, fieldErrors?: AdminActionResult["fieldErrors"]) {
  return data<AdminActionResult>({ intent, ok: false, title, description, fieldErrors }, { status });
}

/** A text field of the form; NUL bytes are dropped (PostgreSQL text cannot store them, and no name or text needs one). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.replaceAll("\u0000", "") : "";
}

const textFields = (form: FormData, names: string[]) => Object.fromEntries(names.map((name) => [name, field(form, name)]));

const firstError = (errors: Record<string, string | undefined>) => Object.values(errors).find(Boolean);

export async function toggleFeatured({ db, form, admin }: ActionContext) {
  const intent = "toggle-featured";
  const featured = field(form, "featured");
  if (featured !== "true" && featured !== "false") {
    return fail(intent, 400, "Error", "Failed to update domain highlight status");
  }
  const result = await setDomainFeatured(db, field(form, "name"), featured === "true", admin);
  if (!result.found) return fail(intent, 404, "Error", "Failed to update domain highlight status");
  return ok(intent, "Success", "Domain highlight status updated successfully");
}

export async function updateDescription({ db, form, admin }: ActionContext) {
  const intent = "update-description";
  const result = await updateDomainDescription(db, field(form, "name"), field(form, "description"), admin);
  if (result.ok) return ok(intent, "Success", "Domain description updated successfully");
  if (result.reason === "too-long") {
    return fail(intent, 400, "Error", `Failed to update domain description: ${DESCRIPTION_TOO_LONG}`, {
      description: DESCRIPTION_TOO_LONG,
    });
  }
  return fail(intent, 404, "Error", "Failed to update domain description: the domain no longer exists");
}

export async function addPremium({ db, form, admin }: ActionContext) {
  const intent = "add-premium";
  const parsed = parsePremiumDomainForm(textFields(form, ["name", "tld", "price", "description"]));
  if (!parsed.ok) return fail(intent, 400, "Validation Error", firstError(parsed.errors), parsed.errors);
  const result = await addPremiumDomain(db, parsed.value, admin);
  if (!result.ok) {
    const reason =
      result.reason === "already-premium"
        ? `${parsed.value.unicode} is already a premium domain`
        : `${parsed.value.unicode} was changed at the same time; try again`;
    return fail(intent, 409, "Error", `Failed to add premium domain: ${reason}`, { name: reason });
  }
  const note = result.created
    ? undefined
    : `${result.unicodeName} was listed as ${adminStatusLabel(result.previousStatus)} and is now a premium domain.`;
  return ok(intent, "Premium domain added successfully", note, { domain: result.unicodeName });
}

export async function updatePremium({ db, form, admin }: ActionContext) {
  const intent = "update-premium";
  const parsed = parsePremiumUpdateForm(textFields(form, ["price", "description"]));
  if (!parsed.ok) return fail(intent, 400, "Validation Error", firstError(parsed.errors), parsed.errors);
  const result = await updatePremiumDomain(db, field(form, "name"), parsed.value, admin);
  if (!result.ok) return fail(intent, 404, "Error", "Failed to update premium domain: it is no longer a premium domain");
  return ok(intent, "Premium domain updated successfully");
}

export async function deletePremium({ db, form, admin }: ActionContext) {
  const intent = "delete-premium";
  const result = await deletePremiumDomain(db, field(form, "name"), admin);
  if (!result.ok) return fail(intent, 404, "Error", "Failed to delete premium domain: it is no longer a premium domain");
  const note = result.bookmarksRemoved > 0 ? `${result.bookmarksRemoved} bookmark(s) of it were removed.` : undefined;
  return ok(intent, "Premium domain deleted successfully", note);
}

export async function setRole({ db, form, admin }: ActionContext) {
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

export async function setSuspended({ db, form, admin }: ActionContext) {
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
