import { index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { user } from "./auth.server";
import { domains } from "./domains.server";

/** A signed-in user's saved ("bevakade") names: one row per user and name. */
export const bookmarks = pgTable(
  "bookmarks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    domainName: text("domain_name")
      .notNull()
      .references(() => domains.name, { onDelete: "cascade", onUpdate: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("bookmarks_user_domain_unique").on(table.userId, table.domainName),
    index("bookmarks_domain_idx").on(table.domainName),
  ],
);

/** The private, revocable token behind a user's iCalendar feed of bookmarked releases. */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
