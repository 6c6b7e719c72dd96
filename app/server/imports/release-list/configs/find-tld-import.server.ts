import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import type { TldImportRow } from "~/domain/backoffice-rows";
import { tldImports } from "~/server/db/schema/index.server";

export async function findTldImport(db: Db, id: number): Promise<TldImportRow | null> {
  const [row] = await db.select().from(tldImports).where(eq(tldImports.id, id)).limit(1);
  return row ?? null;
}
