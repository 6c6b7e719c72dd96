import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { NAME_SERVER_OPERATOR_KINDS } from "~/domain/name-server-operators";
import { domainTldType } from "./domains.server";

/**
 * The registry's zone (app/server/imports/zone/, decision "zone staging and
 * apply"): one row per read of a TLD's zone, the delegations of the snapshot
 * in force, and every change between snapshots for 13 months.
 *
 * The staged records of a read live in tables of their own, created and
 * dropped per run (`zone_read_<run id>`, `zone_staged_<run id>`), which the
 * schema does not declare.
 */

export const ZONE_SNAPSHOT_SOURCES = ["full", "incremental", "file", "demo"] as const;
export type ZoneSnapshotSource = (typeof ZONE_SNAPSHOT_SOURCES)[number];

/** 'running' while the read is staged and applied; then what became of it. */
export const ZONE_SNAPSHOT_STATES = ["running", "succeeded", "held", "failed"] as const;
export type ZoneSnapshotState = (typeof ZONE_SNAPSHOT_STATES)[number];

export const ZONE_CHANGE_KINDS = ["appeared", "disappeared", "name_servers_changed"] as const;
export type ZoneChangeKind = (typeof ZONE_CHANGE_KINDS)[number];

/**
 * One read of a TLD's zone: a transfer (full or incremental), a zone file or
 * the demo's own. Only a 'succeeded' row is a snapshot in force; the latest
 * applied one (by `applied_at`) is the TLD's current serial.
 */
export const zoneSnapshots = pgTable(
  "zone_snapshots",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tld: domainTldType("tld").notNull(),
    /** The zone's SOA serial (an unsigned 32-bit number). */
    serial: bigint("serial", { mode: "number" }).notNull(),
    /** An incremental read's starting serial; null for a whole zone. */
    fromSerial: bigint("from_serial", { mode: "number" }),
    source: text("source", { enum: ZONE_SNAPSHOT_SOURCES }).notNull(),
    /** Who or what started it: "schedule", "cli", "admin:<user id>". */
    trigger: text("trigger").notNull(),
    state: text("state", { enum: ZONE_SNAPSHOT_STATES }).notNull().default("running"),
    /** Delegation records (NS and DS) read so far, then in all. */
    records: bigint("records", { mode: "number" }).notNull().default(0),
    /** Delegated names in the zone once applied (a held run: in the read). */
    names: integer("names"),
    appeared: integer("appeared"),
    disappeared: integer("disappeared"),
    nameServersChanged: integer("name_servers_changed"),
    /** Why a read was held (it would remove too many names), in words for an administrator. */
    heldReason: text("held_reason"),
    /** Applied past the hold by an administrator ("Apply anyway", `--force`). */
    forced: boolean("forced").notNull().default(false),
    /** Why the read or its apply failed; nothing of it was applied. */
    errorMessage: text("error_message"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** When its delegations became the ones in force ("Apply anyway" applies a held run later). */
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (table) => [
    check("zone_snapshots_source_check", sql`${table.source} in ('full', 'incremental', 'file', 'demo')`),
    check("zone_snapshots_state_check", sql`${table.state} in ('running', 'succeeded', 'held', 'failed')`),
    index("zone_snapshots_tld_started_idx").on(table.tld, table.startedAt.desc()),
    index("zone_snapshots_applied_idx")
      .on(table.tld, table.appliedAt.desc())
      .where(sql`${table.state} = 'succeeded'`),
  ],
);

/**
 * The delegations of the snapshot in force: every name with an NS record set
 * directly under its TLD. `name` is the ACE form, lower case (the primary key
 * is the lookup by name); `name_servers` the hosts sorted byte-wise, without
 * duplicates. A name that leaves the zone leaves this table (its change row
 * says so); one that comes back is delegated anew.
 */
export const zoneDelegations = pgTable(
  "zone_delegations",
  {
    name: text("name").primaryKey(),
    tld: domainTldType("tld").notNull(),
    nameServers: text("name_servers").array().notNull(),
    /** DS records in the zone for the name: counted so that an incremental read removing one of two leaves `has_ds` right. */
    dsRecords: smallint("ds_records").notNull().default(0),
    hasDs: boolean("has_ds").generatedAlwaysAs(sql`ds_records > 0`),
    /** The time of the first snapshot it was seen in since it was last absent; for names of a TLD's first snapshot, that snapshot's time. */
    delegatedSince: timestamp("delegated_since", { withTimezone: true }).notNull(),
    sinceSnapshotId: integer("since_snapshot_id")
      .notNull()
      .references(() => zoneSnapshots.id),
    /** The snapshot in which its name servers last changed (or it appeared). */
    lastChangedAt: timestamp("last_changed_at", { withTimezone: true }).notNull(),
    lastChangedSnapshotId: integer("last_changed_snapshot_id")
      .notNull()
      .references(() => zoneSnapshots.id),
  },
  (table) => [
    index("zone_delegations_tld_idx").on(table.tld),
    // The twins of a label (app/domain/twins.ts): the IDN names by their folded label. zone_twin_fold()
    // decodes the ACE label and folds it in SQL (migration "zone-twin-fold"), so every writer of
    // delegations keeps the index without knowing of it; an ASCII name's fold is itself, read by key.
    index("zone_delegations_twin_idx")
      .on(sql`zone_twin_fold(${table.name})`)
      .where(sql`${table.name} like 'xn--%'`),
  ],
);

/**
 * Every change between two snapshots of a TLD, with the snapshot it was seen
 * in and that snapshot's time, kept for 13 months (pruneZoneChanges). A TLD's
 * first snapshot is the baseline and writes none.
 */
export const zoneChanges = pgTable(
  "zone_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    snapshotId: integer("snapshot_id")
      .notNull()
      .references(() => zoneSnapshots.id, { onDelete: "cascade" }),
    tld: domainTldType("tld").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ZONE_CHANGE_KINDS }).notNull(),
    /** The name servers before (null when it appeared) and after (null when it disappeared). */
    oldNameServers: text("old_name_servers").array(),
    newNameServers: text("new_name_servers").array(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    check("zone_changes_kind_check", sql`${table.kind} in ('appeared', 'disappeared', 'name_servers_changed')`),
    index("zone_changes_name_idx").on(table.name, table.seenAt.desc()),
    index("zone_changes_seen_idx").on(table.tld, table.seenAt.desc()),
    index("zone_changes_snapshot_idx").on(table.snapshotId),
  ],
);

/**
 * The zone-sync job's state per TLD (app/server/zone/sync/): when it last
 * asked the zone server and what came of it, when it asks next (the interval
 * with jitter, or the backoff while the server fails), and the lease that
 * lets one transfer run at a time across processes.
 */
export const zoneSyncState = pgTable("zone_sync_state", {
  tld: domainTldType("tld").primaryKey(),
  /** The serial the zone server last gave in answer to the SOA query. */
  lastSeenSerial: bigint("last_seen_serial", { mode: "number" }),
  lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
  /** The last attempt that ended without a fault of the server's (unchanged, applied or held). */
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  /** Attempts failed in a row; the backoff grows with them. */
  failures: integer("failures").notNull().default(0),
  lastError: text("last_error"),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  /** Set while a sync of this TLD runs (a lease: older than STALE_ZONE_RUN_AFTER_MS, it has died). */
  syncStartedAt: timestamp("sync_started_at", { withTimezone: true }),
});

/**
 * Who the name servers belong to (app/server/zone/operators.server.ts): a
 * host suffix (`loopia.se` matches `loopia.se` and `ns1.loopia.se`, not
 * `myloopia.se`) and the operator it names. The migration seeds a starting
 * list; administrators edit it in the backoffice's TLD Imports area.
 * Patterns are stored lower case, without a trailing dot, one row each.
 */
export const nameServerOperators = pgTable(
  "name_server_operators",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    pattern: text("pattern").notNull().unique("name_server_operators_pattern_key"),
    operator: text("operator").notNull(),
    kind: text("kind", { enum: NAME_SERVER_OPERATOR_KINDS }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("name_server_operators_kind_check", sql`${table.kind} in ('registrar_host', 'parking', 'aftermarket', 'other')`)],
);
