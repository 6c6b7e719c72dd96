import { recountDomainTotals } from "~/server/domains/totals.server";
import { defineCommand } from "~cli/command";
import { withCliDatabase } from "~cli/open-cli-database";

export const recountTotalsCommand = defineCommand({
  name: "recount-totals",
  description: "Count the list and backoffice totals again from the domains table (after writing it with triggers off).",
  async run() {
    const started = Date.now();
    const names = await withCliDatabase((handle) => recountDomainTotals(handle));
    console.log(`Recounted the totals of ${names} names (${((Date.now() - started) / 1000).toFixed(1)} s).`);
  },
});
