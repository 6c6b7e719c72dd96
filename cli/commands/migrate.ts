import { defineCommand } from "~cli/command";
import { withCliDatabase } from "~cli/open-cli-database";

export const migrateCommand = defineCommand({
  name: "migrate",
  description: "Apply the database migrations (also done on every start).",
  async run() {
    await withCliDatabase(async (handle) => {
      console.log(`Migrations applied (${handle.kind}).`);
    });
  },
});
