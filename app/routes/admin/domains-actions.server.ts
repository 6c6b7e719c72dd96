// The Domains tab's actions: the Highlight switch of a row and the edit
// dialog's description. Each answers with the toast to show.
import { DESCRIPTION_TOO_LONG } from "~/lib/admin-forms";
import { updateDomainDescription } from "~/server/admin/update-domain-description.server";
import { setDomainFeatured } from "~/server/domains/set-domain-featured.server";
import { fail, field, ok, type ActionContext, type AdminActions } from "./admin-action.server";

async function toggleFeatured({ db, form, admin }: ActionContext) {
  const intent = "toggle-featured";
  const featured = field(form, "featured");
  if (featured !== "true" && featured !== "false") {
    return fail(intent, 400, "Error", "Failed to update domain highlight status");
  }
  const result = await setDomainFeatured(db, field(form, "name"), featured === "true", admin);
  if (!result.found) return fail(intent, 404, "Error", "Failed to update domain highlight status");
  return ok(intent, "Success", "Domain highlight status updated successfully");
}

async function updateDescription({ db, form, admin }: ActionContext) {
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

export const DOMAINS_ACTIONS: AdminActions = {
  "toggle-featured": toggleFeatured,
  "update-description": updateDescription,
};
