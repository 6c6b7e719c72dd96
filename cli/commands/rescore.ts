import { rescoreDomains } from "~/server/domains/rescore-domains.server";
import { defineCommand } from "~cli/command";
import { withCliDatabase } from "~cli/open-cli-database";

export const rescoreCommand = defineCommand({
  name: "rescore",
  description: "Recompute every name's score and Swedish-word class after the score model, the word rule or the dictionary changed.",
  async run() {
    const started = Date.now();
    const result = await withCliDatabase((handle) =>
      rescoreDomains(handle, {
        onProgress: (done) => {
          if (done.checked % 100_000 === 0) console.log(`  ${done.checked} names checked...`);
        },
      }),
    );
    console.log(`Rescored ${result.checked} names: ${result.changed} scores changed (${((Date.now() - started) / 1000).toFixed(1)} s).`);
  },
});
