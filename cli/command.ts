export type CliCommand = {
  name: string;
  usage: string;
  description: string;
  /** Returns the process exit code (0 when omitted). */
  run(args: string[]): Promise<number | void>;
};

/** Splits `--flag value` and `--flag=value` options from positional arguments. */
export function parseArgs(args: string[]) {
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const [key, inline] = arg.slice(2).split("=", 2);
    if (inline !== undefined) options[key] = inline;
    else if (args[index + 1] !== undefined && !args[index + 1].startsWith("--")) options[key] = args[++index];
    else options[key] = true;
  }
  return { positional, options };
}
