import { seedDemo } from "~/server/demo/seed-demo.server";
import { CommandLineError, defineCommand } from "~cli/command";
import { withCliDatabase } from "~cli/open-cli-database";

export const seedCommand = defineCommand({
  name: "seed",
  description: "Add generated demo domains (existing names are kept), and the demo's zone when the zone store is empty.",
  options: { size: { type: "string", value: "N", description: "how many names (default 3000)" } },
  async run({ values }) {
    const size = Number(values.size ?? 3000);
    if (!Number.isInteger(size) || size < 1 || size > 5_000_000)
      throw new CommandLineError("--size must be a whole number from 1 to 5000000.");
    await withCliDatabase(async (handle) => {
      const started = Date.now();
      const count = await seedDemo(handle, { size, now: new Date() });
      console.log(`Generated ${count} demo domains in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    });
  },
});
