// The registry's zone as the backoffice's Zone page shows it
// (/admin/imports/zone): shapes shared by the server, which reads them, and
// the page.

/** One read of a TLD's zone (table zone_snapshots). */
export type ZoneRunRow = {
  id: number;
  tld: ".se" | ".nu";
  serial: number;
  fromSerial: number | null;
  source: "full" | "incremental" | "file" | "demo";
  state: "running" | "succeeded" | "held" | "failed";
  records: number;
  names: number | null;
  appeared: number | null;
  disappeared: number | null;
  nameServersChanged: number | null;
  heldReason: string | null;
  forced: boolean;
  errorMessage: string | null;
  startedAt: Date;
  finishedAt: Date | null;
  appliedAt: Date | null;
};

export type ZoneRunView = ZoneRunRow & {
  /** Held and newer than the snapshot in force: "Apply anyway" may apply it (the action checks again). */
  applicable: boolean;
};

/** The zone-sync job's state of a TLD (table zone_sync_state). */
export type ZoneSyncView = {
  lastSeenSerial: number | null;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  failures: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
  /** When the sync under way began (its lease), if one is. */
  syncStartedAt: Date | null;
};

export type ZoneTldView = {
  tld: "se" | "nu";
  /** In ZONE_TLDS: the zone-sync job reads it (not while the demo data is on). */
  configured: boolean;
  /** The snapshot in force, with its age in words ("3 hours"). */
  inForce: (ZoneRunRow & { age: string | null }) | null;
  /** Null before the TLD's first sync. */
  sync: ZoneSyncView | null;
  runs: ZoneRunView[];
};
