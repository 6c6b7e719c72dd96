import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { importRuns } from "~/server/db/schema/index.server";
import type { ImportRunView } from "~/domain/backoffice-rows";
import { withProgress } from "./list-import-runs.server";

/** One run with its progress (poll this while state is "running"); null when there is no such run. */
export async function getImportRun(db: Db, runId: number): Promise<ImportRunView | null> {
  const [row] = await db.select().from(importRuns).where(eq(importRuns.id, runId)).limit(1);
  return row ? withProgress(row) : null;
}
