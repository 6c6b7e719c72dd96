import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { commands } from "./commands";

/** `npm run cli -- <args>` as its user runs it (tsx, this Node); none of these reach a database. A few seconds each. */
function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "cli/index.ts", ...args], { encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("npm run cli", () => {
  it("help lists every command with its usage and description", () => {
    const help = cli("help");
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run cli -- <command> \[arguments\]/);
    for (const command of commands) {
      expect(help.stdout).toContain(command.usage);
      expect(help.stdout).toContain(command.description);
    }
    expect(help.stdout).toContain("import <url-or-file> [--tld se|nu] [--complete] [--force-complete] [--apply-past-dated]");
  }, 60_000);

  it("help <command> prints that command's usage and options", () => {
    const help = cli("help", "import");
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run cli -- import <url-or-file> \[--tld se\|nu\] .*\n {2}--tld se\|nu {9}the list's TLD/);
  }, 60_000);

  it("refuses an unknown command and an unknown option with exit code 2 and says which", () => {
    const unknownCommand = cli("improt", "list.json");
    expect(unknownCommand.status).toBe(2);
    expect(unknownCommand.stderr).toBe('Unknown command "improt".\n');
    expect(unknownCommand.stdout).toContain("Commands:");

    const unknownOption = cli("rescore", "--dry-run");
    expect(unknownOption.status).toBe(2);
    expect(unknownOption.stderr).toBe("Unknown option --dry-run. It takes no options.\nUsage: npm run cli -- rescore\n");
  }, 60_000);
});
