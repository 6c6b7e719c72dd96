import type { CliCommand } from "../command";
import { migrateCommand } from "./migrate";
import { promoteCommand, demoteCommand } from "./promote";
import { seedCommand } from "./seed";

/** Every CLI command, in the order `help` lists them. */
export const commands: CliCommand[] = [migrateCommand, seedCommand, promoteCommand, demoteCommand];
