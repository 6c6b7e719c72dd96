import { refreshStatistics } from "~/server/statistics/refresh-statistics.server";
import { defineCommand } from "~cli/command";
import { withCliDatabase } from "~cli/open-cli-database";

export const rebuildStatsCommand = defineCommand({
  name: "rebuild-stats",
  description: "Compute every figure of /statistik again from the release history (the jobs keep them current).",
  async run() {
    const started = Date.now();
    await withCliDatabase((handle) => refreshStatistics(handle, { now: new Date() }));
    console.log(`Recomputed the statistics (${((Date.now() - started) / 1000).toFixed(1)} s).`);
  },
});
