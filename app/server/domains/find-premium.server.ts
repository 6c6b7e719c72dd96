import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { selectCardPage, type DomainPage, type PageOptions } from "./domain-card-data.server";
import { scoreDescOrder } from "./list-order.server";

/** /premium (docs/product.md, "Lists and their order"): status premium by score, high first (8 on home), in pages on /premium. */
export function findPremium(db: Db, options: PageOptions = {}): Promise<DomainPage> {
  return selectCardPage(db, sql`${domains.status} = 'premium'`, scoreDescOrder(), options);
}
