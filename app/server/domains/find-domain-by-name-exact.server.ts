import { eq } from "drizzle-orm";
import type { DomainCardData } from "~/domain/domain-card";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { domainCardColumns, toDomainCardData } from "./domain-card-data.server";

/** One name by its exact name: `name` is the ACE form (the key); null when unknown. */
export async function findDomainByNameExact(db: Db, name: string): Promise<DomainCardData | null> {
  const [row] = await db.select(domainCardColumns).from(domains).where(eq(domains.name, name)).limit(1);
  return row ? toDomainCardData(row) : null;
}
