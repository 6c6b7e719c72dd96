// The Premium tab's actions (docs/product.md, "Premium names"): each reads its
// fields, calls one server function and answers with the toast to show.
import { adminStatusLabel } from "~/lib/admin-status-text";
import { parsePremiumDomainForm, parsePremiumUpdateForm } from "~/lib/admin-forms";
import { addPremiumDomain } from "~/server/admin/add-premium-domain.server";
import { deletePremiumDomain } from "~/server/admin/delete-premium-domain.server";
import { updatePremiumDomain } from "~/server/admin/update-premium-domain.server";
import { fail, field, firstError, ok, textFields, type ActionContext, type AdminActions } from "./admin-action.server";

async function addPremium({ db, form, admin }: ActionContext) {
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

async function updatePremium({ db, form, admin }: ActionContext) {
  const intent = "update-premium";
  const parsed = parsePremiumUpdateForm(textFields(form, ["price", "description"]));
  if (!parsed.ok) return fail(intent, 400, "Validation Error", firstError(parsed.errors), parsed.errors);
  const result = await updatePremiumDomain(db, field(form, "name"), parsed.value, admin);
  if (!result.ok) return fail(intent, 404, "Error", "Failed to update premium domain: it is no longer a premium domain");
  return ok(intent, "Premium domain updated successfully");
}

async function deletePremium({ db, form, admin }: ActionContext) {
  const intent = "delete-premium";
  const result = await deletePremiumDomain(db, field(form, "name"), admin);
  if (!result.ok) return fail(intent, 404, "Error", "Failed to delete premium domain: it is no longer a premium domain");
  const note = result.watchers > 0 ? `${result.watchers} user(s) keep watching it by name.` : undefined;
  return ok(intent, "Premium domain deleted successfully", note);
}

/** The Premium tab's forms: the add and edit dialogs, and Delete after its confirmation. */
export const PREMIUM_ACTIONS: AdminActions = {
  "add-premium": addPremium,
  "update-premium": updatePremium,
  "delete-premium": deletePremium,
};
