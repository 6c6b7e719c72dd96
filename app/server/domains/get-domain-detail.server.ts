import { eq } from "drizzle-orm";
import type { DomainCardData } from "~/components/domain-card";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { domainCardColumns } from "./domain-card-data.server";

/** A card's fields plus what only the domain page shows. */
export type DomainDetail = DomainCardData & {
  description: string | null;
  registrationDate: string | null;
  /** ISO timestamp of the last change. */
  updatedAt: string;
  /** For an available name, when the registry last answered "free" (last_checked_at; see find-names-due-for-check.server.ts). */
  lastCheckedAt: Date | null;
};

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
