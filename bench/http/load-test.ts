import { spawnSync } from "node:child_process";

export type LoadResult = {
  target: string;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  errors: number;
  non2xx: number;
};

/**
 * Runs autocannon in a second process (so the load generator does not share
 * the server's event loop) and reads its JSON summary. With `paths`, each
 * request goes to the next of them (rotating-load.ts), `url` giving the origin.
 */
export function runLoad(
  url: string,
  options: { connections: number; seconds: number; label: string; headers?: Record<string, string>; paths?: string[] },
): LoadResult {
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}=${value}`]);
  const [command, args, input] = options.paths
    ? [
        "node_modules/.bin/tsx",
        ["bench/http/rotating-load.ts", url],
        // On its standard input: 2,000 paths are more than one command-line argument may hold (128 KB).
        JSON.stringify({ connections: options.connections, seconds: options.seconds, headers: options.headers ?? {}, paths: options.paths }),
      ]
    : [
        "node_modules/.bin/autocannon",
        ["-c", String(options.connections), "-d", String(options.seconds), "-j", "--renderStatusCodes", ...headerArgs, url],
        undefined,
      ];
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, input });
  if (result.status !== 0) throw new Error(`autocannon failed for ${url}: ${result.error ?? result.stderr}`);
  const summary = JSON.parse(result.stdout);
  return {
    target: options.label,
    requestsPerSecond: summary.requests.average,
    latencyP50: summary.latency.p50,
    latencyP99: summary.latency.p99,
    errors: summary.errors + summary.timeouts,
    non2xx: summary.non2xx,
  };
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
