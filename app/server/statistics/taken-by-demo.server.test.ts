import { expect, it } from "vitest";
import { MIN_BASIS } from "~/domain/statistics";
import { seedDemo } from "~/server/demo/seed-demo.server";
import { describeEachEngine } from "~tests/setup/test-db";
import { loadStatistics } from "./load-statistics.server";

const NOW = new Date("2026-11-25T12:00:00Z");

// A newcomer's `npm start` seeds 3,000 names with their zone: "Vem tar de släppta namnen?" must have
// something to say at once, in both periods, from the seed's refresh alone.
describeEachEngine("the demo's taken-by statistics", ({ handle }) => {
  it("shows names taken again in both periods, at hosts and parking services, with a median time", async () => {
    await seedDemo(handle(), { size: 3000, now: NOW });
    const [last30, last90] = (await loadStatistics(handle(), NOW)).takenBy;
    for (const period of [last30, last90]) {
      expect(period.taken).toBeGreaterThan(0);
      expect(period.taken).toBeLessThanOrEqual(period.released);
      expect(period.medianSeconds).toBeGreaterThan(0);
      expect(period.operators.map((operator) => operator.operator)).toContain("Loopia");
      expect(period.operators.some((operator) => operator.kind === "parking")).toBe(true);
      expect(period.operators.reduce((sum, operator) => sum + operator.names, 0) + period.otherOperators.names).toBe(period.taken);
    }
    expect(last90.taken).toBeGreaterThanOrEqual(MIN_BASIS);
    expect(last90.byLength.reduce((sum, group) => sum + group.taken, 0)).toBe(last90.taken);
  });
});
