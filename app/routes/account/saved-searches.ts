import { data, redirect } from "react-router";
import {
  isPublicList,
  MAX_SAVED_SEARCHES,
  openedSavedSearchPath,
  parseSavedSearchName,
  savedSearchPath,
  suggestedSearchName,
} from "~/domain/saved-searches";
import { databaseOf } from "~/server/app-context.server";
import { requireUser } from "~/server/auth/session.server";
import { readLimitedForm, UNREADABLE_FORM_MESSAGE } from "~/server/http/read-limited-form.server";
import {
  deleteSavedSearch,
  renewSavedSearchToken,
  saveSearch,
  savedViewQuery,
} from "~/server/saved-searches/saved-searches.server";
import { visitSavedSearch } from "~/server/saved-searches/saved-search-visits.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/saved-searches";

const ACCOUNT_SEARCHES = "/account?tab=searches";

/** GET: the saved searches are listed on /account. */
export function loader() {
  return redirect(ACCOUNT_SEARCHES);
}

/**
 * POST /account/searches (docs/product.md, "Saved searches"): save the view a
 * list page shows ("Spara sökning"), open a saved search (which starts its
 * "new since the last visit" afresh), give it new feed addresses, or delete it.
 * Each works on the caller's own searches only.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request, { as: "api" });
  const read = await readLimitedForm(request);
  if (!read.ok) return data({ error: UNREADABLE_FORM_MESSAGE }, { status: read.reason === "too-large" ? 413 : 400 });
  const form = read.formData;
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const db = await databaseOf(context);
  const intent = field("intent");

  if (intent === "save") {
    const list = field("list");
    if (!isPublicList(list)) return data({ error: "Sökningen kunde inte sparas: listan finns inte." }, { status: 400 });
    const query = savedViewQuery(list, field("view"));
    const name = parseSavedSearchName(field("name")) ?? suggestedSearchName(list, query);
    const result = await saveSearch(db, user.id, { name, list, search: query });
    const back = savedSearchPath(list, query);
    if (!result.ok) {
      return redirectWithToast(back, {
        type: "error",
        title: "Sökningen sparades inte",
        description: `Du kan spara högst ${MAX_SAVED_SEARCHES} sökningar. Ta bort någon under Mitt konto först.`,
      });
    }
    return redirectWithToast(back, {
      title: "Sökningen är sparad",
      description: `”${result.search.name}” finns under Mitt konto, med egna flöden.`,
    });
  }

  const id = field("id");
  if (intent === "open") {
    const search = await visitSavedSearch(db, user.id, id);
    if (!search) return redirectWithToast(ACCOUNT_SEARCHES, { type: "error", title: "Sökningen finns inte längre" });
    // The view marks the names new to the search (?sparad=, docs/product.md "Saved searches").
    return redirect(openedSavedSearchPath(search.list, search.query, search.id));
  }
  if (intent === "delete") {
    await deleteSavedSearch(db, user.id, id);
    return redirectWithToast(ACCOUNT_SEARCHES, { title: "Sökningen är borttagen", description: "Dess flöden fungerar inte längre." });
  }
  if (intent === "new-token") {
    const renewed = await renewSavedSearchToken(db, user.id, id);
    if (!renewed) return redirectWithToast(ACCOUNT_SEARCHES, { type: "error", title: "Sökningen finns inte längre" });
    return redirectWithToast(ACCOUNT_SEARCHES, {
      title: "Nya flödesadresser skapade",
      description: "De gamla adresserna fungerar inte längre.",
    });
  }
  return data({ error: "Okänd åtgärd." }, { status: 400 });
}
