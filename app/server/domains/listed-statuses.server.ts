import type { DomainStatus } from "~/server/db/schema/index.server";

/**
 * The statuses of names worth showing to visitors and search engines: ones a
 * person can still get. Registered, renewed and unlisted names keep their
 * page but are not advertised (sitemap, similar names).
 */
export const LISTED_STATUSES = ["soonavailable", "available", "premium"] as const satisfies readonly DomainStatus[];
