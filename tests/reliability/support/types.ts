export type ReliabilityOptions = {
  buildDir: string;
  workDir: string;
  /** A PostgreSQL server (maintenance database) where scenario databases are created. */
  databaseUrl: string;
  /** Domains in the load-test database. */
  size: number;
  seconds: number;
  connections: number;
  runs: number;
  importSize: number;
  importBaseline: number;
  hostileRequests: number;
  /** Restart the machine's own PostgreSQL (pg_ctlcluster) instead of a private throwaway cluster. */
  restartSharedPostgres: boolean;
};

export type ScenarioResult = {
  name: string;
  ok: boolean;
  figures: Record<string, string | number>;
  notes: string[];
  /** Requests answered during the scenario (load and fault traffic). */
  requests?: number;
  /** Faults injected and survived. */
  faults?: number;
  /** Hostile inputs tried. */
  inputs?: number;
  /** Rows or mails that should exist and do not (or arrived twice). */
  itemsLost?: number;
  /** Rows or mails whose survival was checked. */
  itemsChecked?: number;
};
