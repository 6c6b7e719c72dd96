import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import { user } from "./auth.server";
import { domains } from "./domains.server";

/**
 * A signed-in user's watched ("bevakade") names: one row per user and name.
 * A watch is kept by name, the ACE form in lower case (the key `domains` uses),
 * not by a reference to a row: any valid .se/.nu name can be watched, listed
 * or not, and a name leaving the lists (a premium name deleted) keeps its
 * watchers (migration 0037, decision 0076). The table
 * keeps its first name, "bookmarks".
 */
export const bookmarks = pgTable(
  "bookmarks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    domainName: text("domain_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // The watch state (app/domain/watch-states.ts) the account's list last showed, and its time:
    // a state that differs is "Ny" until shown (decision 0082). Null: no state recorded yet, the
    // next list visit records the current one without a mark (migration 0041 leaves old rows so).
    shownState: text("shown_state"),
    shownSince: timestamp("shown_since", { withTimezone: true }),
    // When the list first showed that state as a change: it stays "Ny" for the rest of that visit.
    shownAt: timestamp("shown_at", { withTimezone: true }),
  },
  (table) => [
    unique("bookmarks_user_domain_unique").on(table.userId, table.domainName),
    index("bookmarks_domain_idx").on(table.domainName),
    // The shape of a key, not full validation (parseDomainName does that): lower case, a label and .se or .nu.
    check("bookmarks_domain_name_check", sql`${table.domainName} ~ '^[a-z0-9-]{1,63}[.](se|nu)$'`),
  ],
);

/**
 * The account's visits to its watch list (decision 0082): loads of the list no more than
 * WATCH_VISIT_GAP apart are one visit, which started at `started_at`. A change first shown
 * in the visit keeps its "Ny" mark until the visit ends, so a reload, another order or
 * "Bara ändrade" still shows it.
 */
export const watchListVisits = pgTable("watch_list_visits", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
});

/** The private, revocable token behind a user's iCalendar feed of bookmarked releases. */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The private, revocable token behind a user's Atom feed of the watch list
 * (each change of a watched name's state; decision 0083). Its own token, not
 * the calendar's: either address can be replaced or revoked alone.
 */
export const watchFeeds = pgTable("watch_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A signed-in user's saved search ("Spara sökning"): a public list and its
 * filters, kept as the view's own query ("min=4&tld=se"), which is parsed
 * again on every use, so a saved search follows the filters' rules as they
 * are. Its feeds (Atom and iCalendar) answer to the random feed token, which
 * can be replaced. Names that joined the view after `lastVisitedAt` are
 * "new" until they were shown (savedSearchShownNames); `openedAt` is when
 * "Visa sökningen" last opened the view, the start of the visit whose names
 * stay marked (docs/product.md, "Saved searches").
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    list: text("list").notNull(),
    query: text("query").notNull().default(""),
    feedToken: text("feed_token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastVisitedAt: timestamp("last_visited_at", { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("saved_searches_user_created_idx").on(table.userId, table.createdAt),
    check("saved_searches_list_check", sql`${table.list} in ('soon-available', 'available', 'featured', 'premium')`),
  ],
);

/**
 * The names a saved search's view has shown its owner as new: the name as it
 * was then (`domainUpdatedAt`, its updated_at) and when it was first shown so.
 * A name changed into the view again after that is new again.
 */
export const savedSearchShownNames = pgTable(
  "saved_search_shown_names",
  {
    savedSearchId: text("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    domainName: text("domain_name")
      .notNull()
      .references(() => domains.name, { onDelete: "cascade", onUpdate: "cascade" }),
    domainUpdatedAt: timestamp("domain_updated_at", { withTimezone: true }).notNull(),
    shownAt: timestamp("shown_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.savedSearchId, table.domainName] }),
    // A name deleted from domains goes from here too (the cascade looks it up by name).
    index("saved_search_shown_names_domain_idx").on(table.domainName),
  ],
);
