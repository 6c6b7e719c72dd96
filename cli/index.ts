// The admin command line: `npm run cli -- <command> [arguments]`.
import { usageText } from "./command";
import { commands } from "./commands";

// Files the CLI makes (the embedded database's, when no server runs) are its user's alone, as the server's are.
process.umask(0o077);

const HELP = ["help", "--help", "-h"];
const [name, ...args] = process.argv.slice(2);
const command = commands.find((candidate) => candidate.name === name);

if (!command) {
  // `help <command>`: that command's usage and options.
  const asked = HELP.includes(name) ? commands.find((candidate) => candidate.name === args[0]) : undefined;
  if (asked) {
    console.log(usageText(asked));
    process.exit(0);
  }
  const known = name === undefined || HELP.includes(name);
  if (!known) console.error(`Unknown command "${name}".`);
  console.log("Usage: npm run cli -- <command> [arguments]   (npm run cli -- help <command>: its options)\n\nCommands:");
  for (const candidate of commands) {
    if (candidate.usage.length <= 46) console.log(`  ${candidate.usage.padEnd(46)} ${candidate.description}`);
    else console.log(`  ${candidate.usage}\n  ${"".padEnd(46)} ${candidate.description}`);
  }
  process.exit(known ? 0 : 2);
}

try {
  const exitCode = await command.run(args);
  process.exit(exitCode ?? 0);
} catch (error) {
  console.error(`${command.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
