import { eq } from "drizzle-orm";
import type { DomainDetail } from "~/domain/domain-page";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { domainCardColumns } from "./domain-card-data.server";

/** One name by its ACE form (the primary key), or null when the database does not know it. */
export async function getDomainDetail(db: Db, aceName: string): Promise<DomainDetail | null> {
  const [row] = await db
    .select({
      ...domainCardColumns,
      description: domains.description,
      registrationDate: domains.registrationDate,
      updatedAt: domains.updatedAt,
      lastCheckedAt: domains.lastCheckedAt,
    })
    .from(domains)
    .where(eq(domains.name, aceName))
    .limit(1);
  if (!row) return null;
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}
