// The admin command line: `npm run cli -- <command> [arguments]`.
import { commands } from "./commands";

// Files the CLI makes (the embedded database's, when no server runs) are its user's alone, as the server's are.
process.umask(0o077);

const [name, ...args] = process.argv.slice(2);
const command = commands.find((candidate) => candidate.name === name);

if (!command || name === "help" || name === "--help") {
  console.log("Usage: npm run cli -- <command> [arguments]\n\nCommands:");
  for (const candidate of commands) console.log(`  ${candidate.usage.padEnd(48)} ${candidate.description}`);
  process.exit(command || !name || name === "help" || name === "--help" ? 0 : 2);
}

try {
  const exitCode = await command.run(args);
  process.exit(exitCode ?? 0);
} catch (error) {
  console.error(`${command.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
