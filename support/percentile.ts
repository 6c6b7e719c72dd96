/**
 * The value at fraction `p` (0.95 for p95) of `values`, nearest-rank: one of the measured values,
 * never an interpolation. NaN when there are none. The benchmarks and the reliability suite report
 * their percentiles with this one function, so their figures mean the same.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}
