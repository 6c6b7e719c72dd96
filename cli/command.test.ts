import { beforeEach, describe, expect, it, vi } from "vitest";
import { CommandLineError, defineCommand, usageText } from "./command";

const runs: unknown[] = [];
const copyCommand = defineCommand({
  name: "copy",
  arguments: ["<file>"],
  description: "Copy a file.",
  options: {
    times: { type: "string", value: "N", description: "how many copies" },
    force: {
      type: "boolean",
      description: "overwrite the copies that are there already, even those that are newer than the file itself or were changed since",
    },
  },
  async run(input) {
    if (input.values.times !== undefined && !/^\d+$/.test(input.values.times))
      throw new CommandLineError("--times must be a whole number.");
    runs.push(input);
    return 0;
  },
});

describe("defineCommand", () => {
  beforeEach(() => {
    runs.length = 0;
  });

  it("writes its usage from its arguments and options, a description's long lines wrapped in their column", () => {
    expect(copyCommand.usage).toBe("copy <file> [--times N] [--force]");
    expect(usageText(copyCommand)).toBe(
      [
        "Usage: npm run cli -- copy <file> [--times N] [--force]",
        "  --times N           how many copies",
        "  --force             overwrite the copies that are there already, even those that are newer than the file",
        "                      itself or were changed since",
      ].join("\n"),
    );
  });

  it("runs with the options read", async () => {
    expect(await copyCommand.run(["a.txt", "--times", "2", "--force"])).toBe(0);
    expect(runs).toEqual([{ positionals: ["a.txt"], values: { times: "2", force: true } }]);
  });

  it.each([
    [["a.txt", "--time", "2"], "Unknown option --time. Its options: --times, --force."],
    [["a.txt", "b.txt"], 'Unexpected argument "b.txt".'],
    [["a.txt", "--times"], "--times needs a value: --times N."],
    // What the command itself refuses, said the same way.
    [["a.txt", "--times", "two"], "--times must be a whole number."],
  ])("refuses %j with exit code 2: what was wrong, then its usage, on stderr", async (args, problem) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await copyCommand.run(args)).toBe(2);
    expect(error).toHaveBeenCalledExactlyOnceWith(`${problem}\n${usageText(copyCommand)}`);
    expect(runs).toEqual([]);
  });

  it("prints its usage for --help and does not run", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await copyCommand.run(["--help"])).toBe(0);
    expect(log).toHaveBeenCalledExactlyOnceWith(usageText(copyCommand));
    expect(await copyCommand.run(["a.txt", "-h"])).toBe(0);
    expect(runs).toEqual([]);
    log.mockRestore();
  });
});
