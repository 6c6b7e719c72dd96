import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, date, index, integer, pgEnum, pgTable, real, smallint, text, timestamp } from "drizzle-orm/pg-core";

export const DOMAIN_STATUSES = ["soonavailable", "available", "registered", "renewed", "premium", "unlisted"] as const;

// Enum types of fixed width (migration 0019, decision 0053): they lead sort indexes, which build and
// walk faster over four bytes compared as numbers than over text. Labels in alphabetical order, so
// ordering by either column is ordering by its text.
export const domainStatusType = pgEnum(
  "domain_status",
  [...DOMAIN_STATUSES].sort() as [(typeof DOMAIN_STATUSES)[number], ...(typeof DOMAIN_STATUSES)[number][]],
);
export const domainTldType = pgEnum("domain_tld", [".nu", ".se"]);

/**
 * One row per name. `name` is the ACE (punycode) form in lower case, the key
 * the registry uses; `unicode_name` is the readable form shown to people and
 * searched alongside it.
 *
 * `name` (and the columns elsewhere that hold names) compares byte-wise: the
 * database declares it `collate "C"` (migration 0019), which Drizzle's column
 * builders cannot say.
 */
export const domains = pgTable(
  "domains",
  {
    name: text("name").primaryKey(),
    unicodeName: text("unicode_name").notNull(),
    tld: domainTldType("tld").notNull(),
    status: domainStatusType("status").notNull(),
    isFeatured: boolean("is_featured").notNull().default(false),
    length: integer("length").notNull(),
    score: integer("score").notNull().default(0),
    price: integer("price"),
    description: text("description"),
    releaseDate: date("release_date", { mode: "string" }),
    registrationDate: date("registration_date", { mode: "string" }),
    // A stable random number per row: "8 at random" reads a slice of an index instead of sorting the table.
    randomKey: real("random_key")
      .notNull()
      .default(sql`random()`),
    // For an available name: when the registry's availability service last answered "free" (its
    // "last seen free", which the release-morning rule reads); only that answer writes it then.
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    takenAt: timestamp("taken_at", { withTimezone: true }),
    // Which kinds of characters the first label holds (app/domain/name-chars.ts). Writers may leave
    // it out: a trigger then fills it from the names, and a change of the name recomputes it (migration 0017).
    nameChars: smallint("name_chars")
      .notNull()
      .default(sql`null`),
    // Whether the label is or holds a Swedish word (WORD_CLASS, app/domain/swedish-words.ts), for the
    // public lists' "Svenska ord" filter: written with the score. Null: not known yet (migration 0024).
    wordClass: smallint("word_class"),
    // The substring search's keys (app/domain/search-keys.ts, migration 0012): pairs of neighbouring
    // characters tagged with the label's length. Writers may leave it empty: a trigger then fills it.
    searchKeys: integer("search_keys")
      .array()
      .notNull()
      .default(sql`'{}'`),
    // A soon-available name's risk of being taken at once, in per cent (decision 0085): written by the
    // statistics job's catch-risk part and after an import; null for other names, under the minimum basis, or not computed yet.
    catchRisk: smallint("catch_risk"),
    // The name's family in brief (decision 0087, app/server/zone/family-flags.server.ts): its sibling in
    // the other TLD is delegated, and a twin (the same label without its accents, or accented) is. Kept by
    // the zone's apply and the imports, so the lists' filters and cards read columns instead of probing
    // the zone per row. Null: the zone of the sibling's TLD (for a twin, any zone) is not known.
    siblingRegistered: boolean("sibling_registered"),
    twinRegistered: boolean("twin_registered"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("domains_name_lower_check", sql`${table.name} = lower(${table.name})`),
    check("domains_price_check", sql`${table.price} is null or ${table.price} >= 0`),
    // This and the three other sort indexes the backoffice walks (release date, score, length) end
    // with every column its filters test, so a walk is index-only (migration 0015, decision 0024).
    // The featured flag last: the soon-available search walks this index alone (migration 0018).
    index("domains_status_release_idx").on(
      table.status,
      table.releaseDate,
      table.name,
      table.unicodeName,
      table.tld,
      table.length,
      table.nameChars,
      table.isFeatured,
    ),
    // Random picks, the availability check's picker and /available's "recently released" order ask
    // only about available names: partial, so a new soonavailable name skips them (migration 0013).
    index("domains_available_random_idx")
      .on(table.randomKey)
      .where(sql`${table.status} = 'available'`),
    index("domains_available_next_check_idx")
      .on(table.nextCheckAt)
      .where(sql`${table.status} = 'available'`),
    // Available names not checked since their release: left out of /available, and counted to take them off its total.
    index("domains_available_unchecked_idx")
      .on(table.name)
      .where(sql`${table.status} = 'available' and ${table.lastCheckedAt} is null`),
    index("domains_release_idx").on(
      table.releaseDate,
      table.name,
      table.unicodeName,
      table.status,
      table.tld,
      table.length,
      table.nameChars,
    ),
    // The sitemap walks the names a visitor can still get in name order (keyset pages of 50,000).
    index("domains_listed_name_idx")
      .on(table.name)
      .where(sql`${table.status} in ('soonavailable', 'available', 'premium')`),
    // Backoffice list (issue 8): sorts by score and length, and every filter and sort column in one
    // index for narrow filters (migration 0011, decision 0024). Its totals come from
    // domain_filter_counts (migration 0014).
    index("domains_score_name_idx").on(
      table.score,
      table.name,
      table.unicodeName,
      table.status,
      table.tld,
      table.releaseDate,
      table.length,
      table.nameChars,
    ),
    index("domains_length_name_idx").on(
      table.length,
      table.name,
      table.unicodeName,
      table.status,
      table.tld,
      table.releaseDate,
      table.nameChars,
    ),
    index("domains_admin_sort_idx").on(table.tld, table.status, table.releaseDate, table.length, table.nameChars, table.score, table.name),
    // Public list sorts (issue 3): every order a list page and its download offer reads one of these
    // forwards (the name orders also backwards): the order's key, then names in Swedish order as the
    // tie-break (a–z, å, ä, ö within a date, score or length; decision 0067), then the ACE name so
    // pages never overlap. swedish_sort_key() (migration 0008, app/domain/swedish-order.ts) is
    // compared byte-wise (collate "C") on both engines.
    index("domains_available_updated_sv_idx")
      .on(table.updatedAt.desc(), swedishNameKey(table.unicodeName), table.name)
      .where(sql`${table.status} = 'available'`),
    index("domains_status_score_sv_idx").on(table.status, table.score.desc(), swedishNameKey(table.unicodeName), table.name),
    index("domains_soon_score_asc_sv_idx")
      .on(table.score, swedishNameKey(table.unicodeName), table.name)
      .where(sql`${table.status} = 'soonavailable'`),
    // The soon list's risk sorts (decision 0085): lowest first and highest first, names unknown last both ways.
    index("domains_soon_catch_risk_asc_sv_idx")
      .on(table.catchRisk.asc().nullsLast(), swedishNameKey(table.unicodeName), table.name)
      .where(sql`${table.status} = 'soonavailable'`),
    index("domains_soon_catch_risk_desc_sv_idx")
      .on(table.catchRisk.desc().nullsLast(), swedishNameKey(table.unicodeName), table.name)
      .where(sql`${table.status} = 'soonavailable'`),
    // Its migration (0032; 0042 for catch_risk, 0045 for the family flags) adds INCLUDE (unicode_name, tld, length, taken_at, score,
    // is_featured, price, catch_risk, sibling_registered, twin_registered) by hand, which Drizzle's builder cannot say: a download
    // in the default order, and the soon list's cards in it (decision 0089), read the index alone.
    index("domains_status_release_sv_idx").on(table.status, table.releaseDate, swedishNameKey(table.unicodeName), table.name),
    index("domains_status_release_desc_sv_idx").on(
      table.status,
      table.releaseDate.desc().nullsFirst(),
      swedishNameKey(table.unicodeName),
      table.name,
    ),
    // Without the status first: /featured's three statuses and /available's one are tested in the index.
    index("domains_length_sv_idx").on(table.length, swedishNameKey(table.unicodeName), table.name, table.status, table.isFeatured),
    index("domains_status_sv_name_idx").on(table.status, swedishNameKey(table.unicodeName), table.name),
    index("domains_featured_list_score_sv_idx")
      .on(table.score.desc(), swedishNameKey(table.unicodeName), table.name)
      .where(sql`${table.isFeatured} and ${table.status} in ('available', 'soonavailable', 'premium')`),
    index("domains_featured_list_sv_name_idx")
      .on(swedishNameKey(table.unicodeName), table.name)
      .where(sql`${table.isFeatured} and ${table.status} in ('available', 'soonavailable', 'premium')`),
    // Public search (issue 3): relevance is exact name, then prefix, then shorter names, so the
    // search reads matches one name length at a time and stops at 50. Prefixes: a range per length.
    // Substrings, the backoffice's text filter and similar names: the GIN index over search_keys
    // (decision 0014), which also serves 2-character terms.
    index("domains_length_prefix_idx").on(table.length, sql`${table.unicodeName} collate "C"`, table.score.desc(), table.name),
    index("domains_search_keys_idx").using("gin", table.searchKeys),
    // The names whose word class is not known yet, for the fill at start-up (migration 0024).
    index("domains_word_class_unknown_idx")
      .on(table.name)
      .where(sql`${table.wordClass} is null`),
    // The family filters (?syskon=ja, ?tvilling=ja; decision 0087) on a view with few matches: the
    // count and a collected page read these instead of walking the list testing each row.
    index("domains_sibling_registered_idx")
      .on(table.status, table.releaseDate)
      .where(sql`${table.siblingRegistered}`),
    index("domains_twin_registered_idx")
      .on(table.status, table.releaseDate)
      .where(sql`${table.twinRegistered}`),
    // The featured count reads only featured rows (migration 0007).
    index("domains_featured_status_idx")
      .on(table.status)
      .where(sql`${table.isFeatured}`),
  ],
);

/** The Swedish sort key of a display name as an index column (app/server/domains/order.server.ts, swedishNameKey). */
function swedishNameKey(unicodeName: AnyPgColumn) {
  return sql`(swedish_sort_key(${unicodeName}) collate "C")`;
}

export type DomainRow = typeof domains.$inferSelect;
export type NewDomainRow = typeof domains.$inferInsert;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** What happened to a name, so a page can tell its story after release. */
export const domainEvents = pgTable(
  "domain_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key: the history outlives a deleted row.
    domainName: text("domain_name").notNull(),
    type: text("type").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    detail: text("detail"),
    source: text("source"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("domain_events_domain_created_idx").on(table.domainName, table.createdAt.desc())],
);

export type DomainEventRow = typeof domainEvents.$inferSelect;
