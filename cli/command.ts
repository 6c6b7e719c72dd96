export { CommandLineError } from "./command-line";
import { CommandLineError, optionSyntax, parseCommandLine, type OptionSpecs, type OptionValues } from "./command-line";

export type CliCommand = {
  name: string;
  /** How it is called, as help shows it: `import <url-or-file> [--tld se|nu] …`. */
  usage: string;
  description: string;
  /** One line per option, for help and usage messages. */
  optionLines: string[];
  /** Takes the arguments after the command's name; returns the process exit code (0 when omitted). */
  run(args: string[]): Promise<number | void>;
};

type Definition<Options extends OptionSpecs> = {
  name: string;
  /** Its positional arguments in order, as usage shows them: `["<email>"]`. */
  arguments?: string[];
  description: string;
  options?: Options;
  run(input: { positionals: string[]; values: OptionValues<Options> }): Promise<number | void>;
};

/**
 * A CLI command whose options are read by node:util's parseArgs: an unknown
 * option, a missing value or an extra argument, or a CommandLineError thrown
 * by `run`, prints what was wrong and the usage on stderr and exits 2;
 * `--help` (or `-h`) prints the usage.
 */
export function defineCommand<const Options extends OptionSpecs = Record<never, never>>(definition: Definition<Options>): CliCommand {
  const options = definition.options ?? ({} as Options);
  const positionals = definition.arguments ?? [];
  const command: CliCommand = {
    name: definition.name,
    usage: [definition.name, ...positionals, ...Object.entries(options).map(([name, spec]) => `[${optionSyntax(name, spec)}]`)].join(" "),
    description: definition.description,
    optionLines: Object.entries(options).flatMap(([name, spec]) => describeOption(optionSyntax(name, spec), spec.description ?? "")),
    async run(args) {
      try {
        const beforeTerminator = args.includes("--") ? args.slice(0, args.indexOf("--")) : args;
        if (beforeTerminator.some((arg) => arg === "--help" || arg === "-h")) {
          console.log(usageText(command));
          return 0;
        }
        return await definition.run(parseCommandLine(args, options, { maxPositionals: positionals.length }));
      } catch (error) {
        // Also what a command throws for a value it cannot take (`--tld com`).
        if (!(error instanceof CommandLineError)) throw error;
        console.error(`${error.message}\n${usageText(command)}`);
        return 2;
      }
    },
  };
  return command;
}

const OPTION_COLUMN = 22;
const LINE_WIDTH = 110;

/** `  --tld se|nu   the list's TLD…`, the description wrapped in its column. */
function describeOption(syntax: string, description: string): string[] {
  const lines: string[] = [];
  let line = `  ${syntax.padEnd(OPTION_COLUMN - 3)}`;
  let wordsOnLine = 0;
  for (const word of description.split(" ").filter(Boolean)) {
    if (wordsOnLine > 0 && line.length + 1 + word.length > LINE_WIDTH) {
      lines.push(line);
      line = " ".repeat(OPTION_COLUMN - 1);
      wordsOnLine = 0;
    }
    line += ` ${word}`;
    wordsOnLine++;
  }
  return [...lines, line];
}

/** `Usage: npm run cli -- …` and the options' lines. */
export function usageText(command: CliCommand): string {
  return [`Usage: npm run cli -- ${command.usage}`, ...command.optionLines].join("\n");
}
