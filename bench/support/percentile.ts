/** The value at fraction `p` (0.95 for p95) of `values`, nearest-rank: one of the measured values, never an interpolation. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}
