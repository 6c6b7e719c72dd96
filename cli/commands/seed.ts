import { seedDemo } from "~/server/demo/seed-demo.server";
import { parseArgs, type CliCommand } from "~cli/command";
import { withCliDatabase } from "~cli/open-cli-database";

export const seedCommand: CliCommand = {
  name: "seed",
  usage: "seed [--size 3000]",
  description: "Add generated demo domains (existing names are kept).",
  async run(args) {
    const { options } = parseArgs(args);
    const size = Number(options.size ?? 3000);
    if (!Number.isInteger(size) || size < 1 || size > 5_000_000) {
      console.error("--size must be a whole number from 1 to 5000000");
      return 2;
    }
    await withCliDatabase(async (handle) => {
      const started = Date.now();
      const count = await seedDemo(handle, { size, now: new Date() });
      console.log(`Generated ${count} demo domains in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    });
  },
};
