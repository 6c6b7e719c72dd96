// The TLD Imports tab's configurations: add, edit (URL, enabled) and delete,
// each recorded with who and when. A configured URL is imported as its TLD's
// complete list, so a TLD has one configuration (at most one enabled, by the
// database: migration 0022).
import { desc, eq } from "drizzle-orm";
import { parseImportConfigForm, parseImportConfigUpdate, type FieldErrors } from "~/lib/admin-forms";
import type { Db } from "~/server/db/client.server";
import { isUniqueViolation } from "~/server/db/unique-violation.server";
import type { TldImportChangeRow, TldImportRow, TldImportSettings } from "~/domain/backoffice-rows";
import { tldImportChanges, tldImports } from "~/server/db/schema/index.server";

type Field = "tld" | "url" | "enabled";
export type ConfigFieldErrors = FieldErrors<Field>;

export type TldImportChangeResult =
  | { ok: true; config: TldImportRow }
  | { ok: false; reason: "invalid" | "duplicate"; errors: ConfigFieldErrors }
  | { ok: false; reason: "not-found" };

/** Who changes a configuration: the signed-in administrator. */
export type ConfigActor = { id: string; email: string };

export const duplicateTldMessage = (tld: string) =>
  `${tld} already has an import configuration. Edit that one instead: each TLD has one list, imported as its complete list.`;

export const secondEnabledMessage = (tld: string) =>
  `Another ${tld} configuration is enabled. Disable or delete it first: each TLD has one enabled list.`;

/**
 * Adds a configuration (enabled; last import "Never"); the form's rules are
 * parseImportConfigForm's. Refused, with the reason in the form, when its TLD has one.
 */
export async function addTldImport(db: Db, input: { tld: unknown; url: unknown }, actor: ConfigActor): Promise<TldImportChangeResult> {
  const parsed = parseImportConfigForm(input);
  if (!parsed.ok) return invalid(parsed.errors);
  const { tld, url } = parsed.value;
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: tldImports.id }).from(tldImports).where(eq(tldImports.tld, tld)).limit(1);
      if (existing) return duplicate("tld", duplicateTldMessage(tld));
      const [config] = await tx.insert(tldImports).values({ tld, url }).returning();
      await recordChange(tx as unknown as Db, actor, { id: config.id, action: "added", before: null, after: settingsOf(config) });
      return { ok: true, config } as const;
    });
  } catch (error) {
    // Another administrator added one for the TLD at the same moment.
    if (isOneEnabledPerTldViolation(error)) return duplicate("tld", duplicateTldMessage(tld));
    throw error;
  }
}

/**
 * Changes a configuration's URL or enabled flag. A new URL is a new list:
 * what the hourly check knew of the old one is forgotten, so the next check
 * imports it. A change that changes nothing is not recorded.
 */
export async function updateTldImport(
  db: Db,
  id: number,
  input: { url: unknown; enabled: unknown },
  actor: ConfigActor,
): Promise<TldImportChangeResult> {
  const parsed = parseImportConfigUpdate(input);
  if (!parsed.ok) return invalid(parsed.errors);
  const { url, enabled } = parsed.value;
  let tld = "";
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(tldImports).where(eq(tldImports.id, id)).for("update");
      if (!before) return { ok: false, reason: "not-found" } as const;
      tld = before.tld;
      if (before.url === url && before.enabled === enabled) return { ok: true, config: before } as const;
      const newList = before.url !== url ? { etag: null, lastModified: null, contentHash: null } : {};
      const [config] = await tx
        .update(tldImports)
        .set({ url, enabled, ...newList })
        .where(eq(tldImports.id, id))
        .returning();
      await recordChange(tx as unknown as Db, actor, { id, action: "updated", before: settingsOf(before), after: settingsOf(config) });
      return { ok: true, config } as const;
    });
  } catch (error) {
    if (isOneEnabledPerTldViolation(error)) return duplicate("enabled", secondEnabledMessage(tld));
    throw error;
  }
}

/** Deletes a configuration; its import runs stay in the history (without the link), and the deletion is recorded. */
export async function deleteTldImport(db: Db, id: number, actor: ConfigActor): Promise<{ ok: true; config: TldImportRow } | { ok: false }> {
  return db.transaction(async (tx) => {
    const [config] = await tx.delete(tldImports).where(eq(tldImports.id, id)).returning();
    if (!config) return { ok: false } as const;
    await recordChange(tx as unknown as Db, actor, { id, action: "deleted", before: settingsOf(config), after: null });
    return { ok: true, config } as const;
  });
}

/** The latest configuration changes, newest first (a handful of rows a year). */
export async function listTldImportChanges(db: Db, limit = 10): Promise<TldImportChangeRow[]> {
  return db.select().from(tldImportChanges).orderBy(desc(tldImportChanges.id)).limit(limit);
}

function settingsOf(config: TldImportRow): TldImportSettings {
  return { tld: config.tld, url: config.url, enabled: config.enabled };
}

async function recordChange(
  db: Db,
  actor: ConfigActor,
  change: { id: number; action: TldImportChangeRow["action"]; before: TldImportSettings | null; after: TldImportSettings | null },
) {
  await db.insert(tldImportChanges).values({
    tldImportId: change.id,
    action: change.action,
    before: change.before,
    after: change.after,
    changedById: actor.id,
    changedBy: actor.email,
  });
}

function invalid(errors: ConfigFieldErrors): TldImportChangeResult {
  // Only the fields with a message: the form shows each beside its field.
  return { ok: false, reason: "invalid", errors: Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) };
}

function duplicate(field: Field, message: string): TldImportChangeResult {
  return { ok: false, reason: "duplicate", errors: { [field]: message } };
}

/** A unique violation of tld_imports_one_enabled_per_tld. */
function isOneEnabledPerTldViolation(error: unknown): boolean {
  return isUniqueViolation(error, "tld_imports_one_enabled_per_tld");
}
