import { sql } from "drizzle-orm";
import { boolean, date, doublePrecision, index, integer, pgTable, primaryKey, real, smallint, text, timestamp } from "drizzle-orm/pg-core";
import type { DelegationGroupKey } from "~/domain/catch-risk";
import { NAME_SERVER_OPERATOR_KINDS } from "~/domain/name-server-operators";
import { domainTldType } from "./domains.server";

/**
 * One row per release of a name (migration 0025, decision 0030): when it was listed with this
 * release date, renewed, released, first and last seen free, and taken again. Written by the
 * import, the renewal and mark-released steps and the availability check; /statistik counts it through
 * the stats_* tables below. `domain_name` is `collate "C"`, as domains.name.
 */
export const releaseOutcomes = pgTable(
  "release_outcomes",
  {
    domainName: text("domain_name").notNull(),
    releaseDate: date("release_date", { mode: "string" }).notNull(),
    tld: domainTldType("tld").notNull(),
    length: integer("length").notNull(),
    nameChars: smallint("name_chars").notNull(),
    listedOn: date("listed_on", { mode: "string" }).notNull(),
    renewedOn: date("renewed_on", { mode: "string" }),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    firstFreeAt: timestamp("first_free_at", { withTimezone: true }),
    lastFreeAt: timestamp("last_free_at", { withTimezone: true }),
    takenAt: timestamp("taken_at", { withTimezone: true }),
    /**
     * The zone as of the release (decision 0088), written by the statistics part "catch-risk" once
     * released (recordReleaseZoneFeatures): the sibling and a twin delegated then (null: that zone
     * was not read then), and how the name was delegated before it dropped (DELEGATION_GROUPS; null
     * until recorded).
     */
    siblingRegistered: boolean("sibling_registered"),
    twinRegistered: boolean("twin_registered"),
    delegation: text("delegation").$type<DelegationGroupKey>(),
  },
  (table) => [
    primaryKey({ name: "release_outcomes_pkey", columns: [table.domainName, table.releaseDate] }),
    index("release_outcomes_release_date_idx").on(table.releaseDate),
    // The releases whose zone features are still to be recorded: a handful a day, found without
    // reading the whole history (recordReleaseZoneFeatures runs after every release).
    index("release_outcomes_zone_unrecorded_idx")
      .on(table.releaseDate)
      .where(sql`${table.delegation} is null and ${table.releasedAt} is not null`),
  ],
);

/** Names released (or scheduled) per day and TLD. */
export const statsReleaseDays = pgTable(
  "stats_release_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    tld: domainTldType("tld").notNull(),
    names: integer("names").notNull(),
    scheduled: boolean("scheduled").notNull(),
  },
  (table) => [primaryKey({ name: "stats_release_days_pkey", columns: [table.day, table.tld] })],
);

/** Released names per release day, length group, character group and catch state (app/domain/statistics.ts). */
export const statsCatches = pgTable(
  "stats_catches",
  {
    releaseDate: date("release_date", { mode: "string" }).notNull(),
    lengthGroup: text("length_group").notNull(),
    charGroup: text("char_group").notNull(),
    state: text("state").notNull(),
    byNextCheck: boolean("by_next_check").notNull(),
    names: integer("names").notNull(),
  },
  (table) => [
    primaryKey({
      name: "stats_catches_pkey",
      columns: [table.releaseDate, table.lengthGroup, table.charGroup, table.state, table.byNextCheck],
    }),
  ],
);

/** The renewal curve: of the names on a list with N days left, how many were renewed. */
export const statsRenewalCurve = pgTable("stats_renewal_curve", {
  daysLeft: integer("days_left").primaryKey(),
  onList: integer("on_list").notNull(),
  renewed: integer("renewed").notNull(),
});

/** The names soon available now, counted per length group, character group, TLD and score label. */
export const statsCurrentList = pgTable(
  "stats_current_list",
  {
    grouping: text("grouping").notNull(),
    groupKey: text("group_key").notNull(),
    names: integer("names").notNull(),
  },
  (table) => [primaryKey({ name: "stats_current_list_pkey", columns: [table.grouping, table.groupKey] })],
);

/** When each part of the statistics was last computed. */
export const statsComputations = pgTable("stats_computations", {
  part: text("part").primaryKey(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
});

/** Names first seen free in each ten-minute bucket of measured release mornings, per group (migration 0027). */
export const statsReleaseMinutes = pgTable(
  "stats_release_minutes",
  {
    minute: integer("minute").notNull(),
    lengthGroup: text("length_group").notNull(),
    charGroup: text("char_group").notNull(),
    tld: domainTldType("tld").notNull(),
    names: integer("names").notNull(),
  },
  (table) => [primaryKey({ name: "stats_release_minutes_pkey", columns: [table.minute, table.lengthGroup, table.charGroup, table.tld] })],
);

/** How long after first seen free measured names were taken again: quartiles per group (migration 0027). */
export const statsCatchDurations = pgTable(
  "stats_catch_durations",
  {
    grouping: text("grouping").notNull(),
    groupKey: text("group_key").notNull(),
    names: integer("names").notNull(),
    p25Seconds: real("p25_seconds").notNull(),
    p50Seconds: real("p50_seconds").notNull(),
    p75Seconds: real("p75_seconds").notNull(),
  },
  (table) => [primaryKey({ name: "stats_catch_durations_pkey", columns: [table.grouping, table.groupKey] })],
);

/**
 * "Vem tar de släppta namnen?" (decision 0073): names released in the last
 * `window_days` days and seen in the registry's zone again after their release, per operator their
 * first snapshot's name servers point at, and per length and character group.
 */
export const statsTakenBy = pgTable(
  "stats_taken_by",
  {
    windowDays: smallint("window_days").notNull(),
    operator: text("operator").notNull(),
    kind: text("kind", { enum: NAME_SERVER_OPERATOR_KINDS }).notNull(),
    /** Matched by name_server_operators; false: the first name server's registrable domain. */
    known: boolean("known").notNull(),
    lengthGroup: text("length_group").notNull(),
    charGroup: text("char_group").notNull(),
    names: integer("names").notNull(),
  },
  (table) => [
    primaryKey({
      name: "stats_taken_by_pkey",
      columns: [table.windowDays, table.operator, table.kind, table.known, table.lengthGroup, table.charGroup],
    }),
  ],
);

/**
 * The same names counted per group ('all', 'length', 'chars', and 'operator' keyed
 * `<kind>:<known>:<operator>`): released names (null for an operator), those taken again, and the
 * median seconds from the release moment to the first snapshot that had them (null when none).
 */
export const statsTakenByGroups = pgTable(
  "stats_taken_by_groups",
  {
    windowDays: smallint("window_days").notNull(),
    grouping: text("grouping").notNull(),
    groupKey: text("group_key").notNull(),
    released: integer("released"),
    taken: integer("taken").notNull(),
    medianSeconds: doublePrecision("median_seconds"),
  },
  (table) => [primaryKey({ name: "stats_taken_by_groups_pkey", columns: [table.windowDays, table.grouping, table.groupKey] })],
);
