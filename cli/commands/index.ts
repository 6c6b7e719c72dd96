import type { CliCommand } from "~cli/command";
import { migrateCommand } from "./migrate";
import { promoteCommand, demoteCommand } from "./promote";
import { seedCommand } from "./seed";
import { importCommand } from "./import";
import { releaseUpdateCommand } from "./release-update";
import { checkAvailabilityCommand } from "./check-availability";
import { recountTotalsCommand } from "./recount-totals";
import { rescoreCommand } from "./rescore";
import { rebuildStatsCommand } from "./rebuild-stats";
import { zoneImportCommand, zoneSyncCommand } from "./zone";

/** Every CLI command, in the order `help` lists them. */
export const commands: CliCommand[] = [
  migrateCommand,
  seedCommand,
  promoteCommand,
  demoteCommand,
  importCommand,
  releaseUpdateCommand,
  checkAvailabilityCommand,
  rescoreCommand,
  recountTotalsCommand,
  rebuildStatsCommand,
  zoneSyncCommand,
  zoneImportCommand,
];
