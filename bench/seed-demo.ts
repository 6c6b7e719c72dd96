// npm run bench:seed -- [--sizes 3000,100000] [--runs 3]
// How long `npm start` takes to fill a new embedded database with demo names: for each size, a
// fresh PGlite folder is migrated, then seedDemo runs on it, timed alone. Prints the median of the
// runs per size, wall-clock and CPU time: PGlite runs in this process, so on a busy shared machine
// the CPU time is the steadier figure. A first start on a new machine waits for this.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readProcessOptions } from "~cli/command-line";
import { openDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { seedDemo } from "~/server/demo/seed-demo.server";
import { median } from "./http/load-test";

const options = readProcessOptions("bench/seed-demo.ts", {
  sizes: { type: "string" },
  runs: { type: "string" },
});
const sizes = String(options.sizes ?? "3000,100000")
  .split(",")
  .map(Number);
const runs = Number(options.runs ?? 3);
if (sizes.some((size) => !Number.isInteger(size) || size < 1) || !Number.isInteger(runs) || runs < 1) {
  console.error("--sizes must be whole numbers of at least 1, separated by commas; --runs a whole number of at least 1");
  process.exit(2);
}

const now = new Date();
for (const size of sizes) {
  const timings: number[] = [];
  const cpuTimings: number[] = [];
  for (let run = 0; run < runs; run++) {
    const dataDir = mkdtempSync(join(tmpdir(), "snart-bench-seed-"));
    const handle = await openDatabase({ dataDir });
    try {
      await migrateDatabase(handle);
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      await seedDemo(handle, { size, now });
      const cpu = process.cpuUsage(cpuBefore);
      timings.push(performance.now() - started);
      cpuTimings.push((cpu.user + cpu.system) / 1000);
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  console.log(
    `${size.toLocaleString("en")} names: median ${seconds(median(timings))} s wall, ${seconds(median(cpuTimings))} s CPU (runs: ${timings.map(seconds).join(", ")} s wall)`,
  );
}
