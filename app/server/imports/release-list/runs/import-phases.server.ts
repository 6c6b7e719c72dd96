/**
 * An import's steps, in the order they run: opening its run, reading and
 * parsing the list, recording the parsed counts, then inside the one
 * transaction the import lock with the renewable count, classifying the
 * names, writing the batches, finishing a bulk load, reading renewals and
 * writing the summary; the commit; and the work after it (the planner's
 * statistics on PGlite, the listed names' family flags, the statistics parts an import changes).
 */
export const IMPORT_PHASES = [
  "open",
  "read",
  "record",
  "lock",
  "classify",
  "write",
  "bulkLoad",
  "renewals",
  "summary",
  "commit",
  "plannerStatistics",
  "familyFlags",
  "statistics",
] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

/** Milliseconds spent in each phase that ran. */
export type ImportPhaseTimes = Partial<Record<ImportPhase, number>>;

/**
 * Where an import's time goes, logged with "import finished" (and handed to
 * the import benchmark), so a slow night can be told from a slow part.
 */
export type PhaseClock = {
  /** Ends the phase that ran since the previous lap (or since the clock started) and charges its time to `phase`. */
  lap(phase: ImportPhase): void;
  readonly times: ImportPhaseTimes;
};

export function startPhaseClock(): PhaseClock {
  const times: ImportPhaseTimes = {};
  let last = performance.now();
  return {
    lap(phase) {
      const now = performance.now();
      times[phase] = Math.round((times[phase] ?? 0) + now - last);
      last = now;
    },
    times,
  };
}
