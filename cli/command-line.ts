// Command-line options for the CLI's commands, the benchmarks and the reliability suite: Node's own
// parser (node:util parseArgs) in strict mode, with its refusals said in the command's terms.
import { parseArgs } from "node:util";

export type OptionSpec = {
  type: "string" | "boolean";
  /** What a string option's value looks like in usage lines ("N", "se|nu"). */
  value?: string;
  /** One line for help and usage messages. */
  description?: string;
};
export type OptionSpecs = Record<string, OptionSpec>;
export type OptionValues<Options extends OptionSpecs> = {
  [Name in keyof Options]?: Options[Name]["type"] extends "string" ? string : boolean;
};

/** A command line the command cannot take: the message says why, in plain English. */
export class CommandLineError extends Error {}

/** `--size N`, `--quick`: how an option is written. */
export function optionSyntax(name: string, spec: OptionSpec): string {
  return spec.type === "string" ? `--${name} ${spec.value ?? "<value>"}` : `--${name}`;
}

function knownOptions(options: OptionSpecs): string {
  const names = Object.keys(options).map((name) => `--${name}`);
  return names.length === 0 ? "It takes no options." : `Its options: ${names.join(", ")}.`;
}

/**
 * Reads `args` as `--name value`, `--name=value` and `--flag` options (the ones in `options` only) and
 * at most `maxPositionals` other arguments; `--` ends the options. Anything else is a CommandLineError.
 */
export function parseCommandLine<const Options extends OptionSpecs>(
  args: string[],
  options: Options,
  { maxPositionals = 0 }: { maxPositionals?: number } = {},
): { values: OptionValues<Options>; positionals: string[] } {
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    const config = Object.fromEntries(Object.entries(options).map(([name, spec]) => [name, { type: spec.type }]));
    parsed = parseArgs({ args, options: config, strict: true, allowPositionals: true });
  } catch (error) {
    throw new CommandLineError(explain(error, options));
  }
  const extra = parsed.positionals[maxPositionals];
  if (extra !== undefined) {
    throw new CommandLineError(
      maxPositionals === 0 ? `Unexpected argument "${extra}": it takes no arguments.` : `Unexpected argument "${extra}".`,
    );
  }
  return { values: parsed.values as OptionValues<Options>, positionals: parsed.positionals };
}

/** node:util's refusals name the option between quotes ("Unknown option '--siez'"); they are said again plainly here. */
function explain(error: unknown, options: OptionSpecs): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^' ]*)/.exec(message)?.[1];
  if (!option) return message;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `Unknown option ${option}. ${knownOptions(options)}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const spec = options[option.replace(/^--/, "")];
    if (spec?.type === "boolean") return `${option} takes no value.`;
    // Missing, or followed by another option: `--size --quick`. A value that starts with a dash is written `--size=-1`.
    if (spec) return `${option} needs a value: ${optionSyntax(option.replace(/^--/, ""), spec)}.`;
  }
  return message;
}

/**
 * The options of this process's command line, for a script run with tsx (a benchmark, the reliability
 * suite): a command line it cannot take ends the process with the reason and exit code 2.
 */
export function readProcessOptions<const Options extends OptionSpecs>(script: string, options: Options): OptionValues<Options> {
  try {
    return parseCommandLine(process.argv.slice(2), options).values;
  } catch (error) {
    if (!(error instanceof CommandLineError)) throw error;
    console.error(`${script}: ${error.message}`);
    process.exit(2);
  }
}
