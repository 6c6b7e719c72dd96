// The name-server operator table's actions (TLD Imports → Name server
// operators; docs/product.md, "Who the name servers belong to"): add, edit and
// delete a row. Each answers with the toast to show; a refused form changes nothing.
import { parseOperatorForm } from "~/domain/name-server-operators";
import {
  addNameServerOperator,
  deleteNameServerOperator,
  updateNameServerOperator,
  type OperatorChangeResult,
} from "~/server/zone/operator-table.server";
import { fail, firstError, idField, ok, textFields, type ActionContext, type AdminActions } from "./admin-action.server";

const FIELDS = ["pattern", "operator", "kind"];

async function addOperator({ db, form }: ActionContext) {
  const intent = "add-operator";
  const parsed = parseOperatorForm(textFields(form, FIELDS));
  if (!parsed.ok) return fail(intent, 400, "Validation Error", firstError(parsed.errors), parsed.errors);
  const result = await addNameServerOperator(db, parsed.value);
  if (!result.ok) return failure(intent, "Failed to add name server operator", result);
  return ok(intent, "Name server operator added", `${result.row.pattern} → ${result.row.operator}`);
}

async function updateOperator({ db, form }: ActionContext) {
  const intent = "update-operator";
  const parsed = parseOperatorForm(textFields(form, FIELDS));
  if (!parsed.ok) return fail(intent, 400, "Validation Error", firstError(parsed.errors), parsed.errors);
  const id = idField(form, "operatorId");
  const result: OperatorChangeResult =
    id === null ? { ok: false, reason: "not-found" } : await updateNameServerOperator(db, id, parsed.value);
  if (!result.ok) return failure(intent, "Failed to update name server operator", result);
  return ok(intent, "Name server operator updated", `${result.row.pattern} → ${result.row.operator}`);
}

async function deleteOperator({ db, form }: ActionContext) {
  const intent = "delete-operator";
  const id = idField(form, "operatorId");
  const row = id === null ? null : await deleteNameServerOperator(db, id);
  if (!row) return fail(intent, 404, "Error", "Failed to delete name server operator: it no longer exists");
  return ok(
    intent,
    "Name server operator deleted",
    `${row.pattern} (${row.operator}) is no longer matched; its name servers fall back to their own domain.`,
  );
}

function failure(intent: string, title: string, result: Exclude<OperatorChangeResult, { ok: true }>) {
  if (result.reason === "not-found") return fail(intent, 404, "Error", `${title}: it no longer exists`);
  return fail(intent, result.reason === "duplicate" ? 409 : 400, "Error", `${title}: ${firstError(result.errors)}`, result.errors);
}

export const NAME_SERVER_OPERATORS_ACTIONS: AdminActions = {
  "add-operator": addOperator,
  "update-operator": updateOperator,
  "delete-operator": deleteOperator,
};
