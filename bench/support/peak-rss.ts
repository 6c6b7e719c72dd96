/**
 * Runs `work` and samples the process's resident memory every 20 ms meanwhile.
 * Garbage left from earlier work (module loading, a previous phase) is
 * collected first when the process runs with --expose-gc, as a long-running
 * server's would be by the time an import starts; `baselineMb` is the
 * resident memory just before the work.
 */
export async function measurePeakRss<T>(work: () => Promise<T>): Promise<{ value: T; peakRssMb: number; baselineMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, peakRssMb: toMb(peak), baselineMb: toMb(baseline) };
  } finally {
    clearInterval(timer);
  }
}

const toMb = (bytes: number) => Math.round(bytes / (1024 * 1024));
