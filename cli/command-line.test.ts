import { describe, expect, it } from "vitest";
import { CommandLineError, parseCommandLine } from "./command-line";

const OPTIONS = {
  size: { type: "string", value: "N" },
  quick: { type: "boolean" },
  "database-name": { type: "string" },
} as const;

describe("parseCommandLine", () => {
  it.each([
    [[], {}, []],
    [["--size", "100"], { size: "100" }, []],
    [["--size=100", "--quick"], { size: "100", quick: true }, []],
    [["--database-name", "snart_me", "list.json"], { "database-name": "snart_me" }, ["list.json"]],
    [["list.json", "--quick"], { quick: true }, ["list.json"]],
    // A value that starts with a dash is written with "=".
    [["--size=-1"], { size: "-1" }, []],
    // After "--" everything is an argument.
    [["--", "--quick"], {}, ["--quick"]],
  ])("reads %j", (args, values, positionals) => {
    const parsed = parseCommandLine(args, OPTIONS, { maxPositionals: 1 });
    expect({ ...parsed.values }).toEqual(values);
    expect(parsed.positionals).toEqual(positionals);
  });

  it.each([
    [["--siez", "100"], "Unknown option --siez. Its options: --size, --quick, --database-name."],
    [["-s"], "Unknown option -s. Its options: --size, --quick, --database-name."],
    [["--size"], "--size needs a value: --size N."],
    [["--size", "--quick"], "--size needs a value: --size N."],
    [["--database-name"], "--database-name needs a value: --database-name <value>."],
    [["--quick=yes"], "--quick takes no value."],
    [["a.json", "b.json"], 'Unexpected argument "b.json".'],
  ])("refuses %j: %s", (args, message) => {
    expect(() => parseCommandLine(args, OPTIONS, { maxPositionals: 1 })).toThrow(new CommandLineError(message));
  });

  it("takes no arguments and no options unless given some", () => {
    expect(() => parseCommandLine(["extra"], {})).toThrow('Unexpected argument "extra": it takes no arguments.');
    expect(() => parseCommandLine(["--size", "1"], {})).toThrow("Unknown option --size. It takes no options.");
  });
});
