// What every CLI shares: strict option parsing with `--help`, and one meaning for each exit code, so an
// operator's script can tell "done" from "refused" from "called wrongly":
//   0  done (and, for a check, everything was in order);
//   1  refused or failed: the tool printed why (an unknown user, a taken mobile, a mismatch in the audit);
//   2  usage: an unknown option, a missing or malformed value; the usage line is printed.
// A tool throws CliRefusal or CliUsageError anywhere below `runCli`; nothing prints a stack trace for them.
import { type ParseArgsConfig, parseArgs } from 'node:util';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** The parsed values: a string per string option, a boolean per flag; absent when not given. */
export type CliValues<Options extends OptionsConfig> = {
  [Key in keyof Options]?: Options[Key] extends { type: 'boolean' } ? boolean : string;
};

export const EXIT_OK = 0;
export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;

/** The tool understood the request and refuses it (or found something wrong): exit 1 with the message. */
export class CliRefusal extends Error {}

/** The request itself is malformed: exit 2 with the message and the usage line. */
export class CliUsageError extends Error {}

export interface CliSpec<Options extends OptionsConfig> {
  /** The usage line, for example `npm run audit -- <user | stream> [--at <time>]`. */
  usage: string;
  /** What the tool does and what each option means, printed by --help after the usage line. */
  help: string;
  options: Options;
  /** How many positional arguments the tool takes (none unless given). */
  positionals?: { min: number; max: number };
}

const printUsage = (usage: string) => console.error(`usage: ${usage}\n(--help for details)`);

/**
 * Parses `argv` strictly: an unknown option, a missing value or a surplus argument is a usage error
 * (exit 2). `--help` (or `-h`) prints the help and exits 0.
 */
export function parseCli<Options extends OptionsConfig>(
  spec: CliSpec<Options>,
  argv: string[] = process.argv.slice(2),
): { values: CliValues<Options>; positionals: string[] } {
  const options = { ...spec.options, help: { type: 'boolean', short: 'h' } } as const;
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    // node:util's messages name the option ("Unknown option '--pk'"); its hint about '--' does not apply
    // to these tools, so only the first sentence is kept.
    const message = error instanceof Error ? error.message.split('. ')[0]! : String(error);
    console.error(`error: ${message}`);
    printUsage(spec.usage);
    process.exit(EXIT_USAGE);
  }
  if (parsed.values.help === true) {
    console.log(
      `usage: ${spec.usage}\n\n${spec.help.trim()}\n\nexit codes: 0 done, 1 refused or failed, 2 usage`,
    );
    process.exit(EXIT_OK);
  }
  const { min, max } = spec.positionals ?? { min: 0, max: 0 };
  const count = parsed.positionals.length;
  if (count < min || count > max) {
    console.error(
      count < min ? 'error: an argument is missing' : `error: unexpected argument ${parsed.positionals[max]}`,
    );
    printUsage(spec.usage);
    process.exit(EXIT_USAGE);
  }
  return { values: parsed.values as CliValues<Options>, positionals: parsed.positionals };
}

/**
 * Runs a tool's body and turns its outcome into the exit code: the number it returns (0 when it returns
 * nothing), 1 for a CliRefusal, 2 (with the usage line) for a CliUsageError. Any other error is a bug or
 * an outage: its message is printed with the stack, and the exit code is 1.
 */
export async function runCli(usage: string, body: () => Promise<number | undefined>): Promise<void> {
  try {
    process.exitCode = (await body()) ?? EXIT_OK;
  } catch (error) {
    if (error instanceof CliRefusal) {
      console.error(`error: ${error.message}`);
      process.exitCode = EXIT_REFUSED;
    } else if (error instanceof CliUsageError) {
      console.error(`error: ${error.message}`);
      printUsage(usage);
      process.exitCode = EXIT_USAGE;
    } else {
      console.error(error);
      process.exitCode = EXIT_REFUSED;
    }
  }
}

/** A value that must be present: a usage error names the option otherwise. */
export function required(value: string | undefined, option: string): string {
  if (value === undefined || value.trim() === '') throw new CliUsageError(`--${option} is required`);
  return value;
}

/** A positive whole number given as an option's value. */
export function positiveInteger(value: string, option: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value.trim()))
    throw new CliUsageError(`--${option} must be a positive whole number, not ${JSON.stringify(value)}`);
  return Number(value.trim());
}

/** An instant given as an option's value (ISO 8601, with a zone or in the machine's zone). */
export function instant(value: string, option: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new CliUsageError(
      `--${option} must be a time such as 2026-11-01T12:00:00+08:00, not ${JSON.stringify(value)}`,
    );
  return date;
}
