import { asc, eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import type { TldImportRow } from "~/domain/backoffice-rows";
import { tldImports } from "~/server/db/schema/index.server";

/**
 * Every configured release-list URL, in TLD order; with `enabledOnly`, those
 * the schedule imports. A handful of rows.
 */
export async function listTldImports(db: Db, options: { enabledOnly?: boolean } = {}): Promise<TldImportRow[]> {
  return db
    .select()
    .from(tldImports)
    .where(options.enabledOnly ? eq(tldImports.enabled, true) : undefined)
    .orderBy(asc(tldImports.tld), asc(tldImports.id))
    .limit(100);
}
