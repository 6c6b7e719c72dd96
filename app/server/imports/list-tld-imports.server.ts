import { asc } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { tldImports, type TldImportRow } from "../db/schema/index.server";

/** Every configured release-list URL, by TLD (spec §7: "select all ordered by tld ascending"). A handful of rows. */
export async function listTldImports(db: Db): Promise<TldImportRow[]> {
  return db.select().from(tldImports).orderBy(asc(tldImports.tld), asc(tldImports.id)).limit(100);
}
