// What every backoffice tab's action shares: reading the posted form within
// its limit, running the handler its `intent` names, and the answer each
// handler gives — the toast to show (docs/product.md, "The texts that
// matter"), expected failures as values with a 4xx status. Access is checked
// by each route's action itself before it calls runAdminAction.
import { data } from "react-router";
import type { AdminActionResult } from "~/domain/admin-action-result";
import type { SessionUser } from "~/server/auth/session.server";
import type { DatabaseHandle, Db } from "~/server/db/client.server";
import { readLimitedForm } from "~/server/http/read-limited-form.server";
import { REQUEST_BODY_LIMIT_BYTES } from "~/server/http/request-body.server";
import { parseRowId } from "~/lib/row-id";

export type ActionContext = { db: Db; handle: DatabaseHandle; form: FormData; admin: SessionUser };

export type ActionResponse = ReturnType<typeof ok>;

/** A tab's actions by the `intent` its forms post. */
export type AdminActions = Record<string, (context: ActionContext) => Promise<ActionResponse>>;

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

/** A field naming a row by its id; null when it names none (not a plain positive integer that fits one): the action answers 404. */
export function idField(form: FormData, name: string): number | null {
  return parseRowId(field(form, name));
}

/** The text fields `names` of the form, by name. */
export const textFields = (form: FormData, names: string[]) => Object.fromEntries(names.map((name) => [name, field(form, name)]));

/** The first field's message of a form refused by its parser. */
export const firstError = (errors: Record<string, string | undefined>) => Object.values(errors).find(Boolean);

type FormLimit = { maxBytes: number; tooLarge: () => ActionResponse };

/** Every tab's forms are small; only the TLD Imports tab's list upload takes more (imports-actions.server.ts). */
const SMALL_FORM: FormLimit = {
  maxBytes: REQUEST_BODY_LIMIT_BYTES,
  tooLarge: () => fail("unknown", 413, "Error", "The form is too large"),
};

/**
 * Reads the posted form (counted while it streams in, so neither a large
 * declared length nor a chunked body without one is held in memory) and runs
 * the action its `intent` names; an intent of another tab is unknown here.
 */
export async function runAdminAction(handle: DatabaseHandle, request: Request, admin: SessionUser, actions: AdminActions, limit = SMALL_FORM) {
  const read = await readLimitedForm(request, limit.maxBytes);
  if (!read.ok && read.reason === "too-large") return limit.tooLarge();
  if (!read.ok) return fail("unknown", 400, "Error", "The form could not be read");
  const form = read.formData;
  const intent = field(form, "intent");
  const handler = Object.hasOwn(actions, intent) ? actions[intent] : undefined;
  if (!handler) return fail(intent || "unknown", 400, "Error", "Unknown action");
  return handler({ db: handle.db, handle, form, admin });
}
