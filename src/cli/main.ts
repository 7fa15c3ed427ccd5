/**
 * The `dynamo-iac` program: commands, exit codes, and the one place where
 * errors become messages. Bad input never shows a stack; only a bug does.
 * The commands are the rows of commands.ts; each one's work is loaded only when it runs
 * (test/cli/loading.test.ts).
 */
import { Command, CommanderError, OutputConfiguration } from 'commander';
import { COMMANDS, CommandSpec } from './commands';
import { packageVersion } from '../package-version';
import { CliError, EXIT_OK, EXIT_USAGE, oneLine } from './report';
import { mayBeTerminal, writeStderr, writeStdout } from './stdio';

/** Not 1 or 2, so scripts can tell a crash from bad input. */
export const EXIT_BUG = 70;

/** The program; given the command line, only the command it names, if it names one. */
export function program(argv?: readonly string[]): Command {
  const cli = new Command('dynamo-iac')
    .description('Render NVIDIA Dynamo graphs (DynamoGraphDeployment manifests) into Kubernetes objects at build time')
    .version(packageVersion(), '-V, --version')
    // Commander itself would exit 1 on usage errors; the contract says 2.
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .addHelpText(
      'after',
      `
Exit codes:
  0   success (warnings are printed on stderr and do not change it)
  1   invalid input: one line per problem on stderr, <file>: <field path>: <message>;
      a file that is missing, unreadable or a directory is invalid input too
  2   usage error: unknown command or option, missing FILE, bad option value,
      render -o into a non-empty directory without --force (or one holding files
      dynamo-iac did not write, the working directory, a .git or an input), gitops
      into a layer directory dynamo-iac did not write without --force
  ${EXIT_BUG}  internal error (a bug in dynamo-iac; the stack is printed)

Examples:
  dynamo-iac render graph.yaml > rendered.yaml
  dynamo-iac validate graphs/*.yaml
  dynamo-iac plan requests/*.yaml   (SLA search for DynamoGraphDeploymentRequests; commit dynamo-plan.lock)
  dynamo-iac gitops -o deploy/ --flux-url https://github.com/acme/deploy graphs/*.yaml
  dynamo-iac crds | kubectl apply --server-side -f -`,
    );
  // Help, --version and usage errors through stdio.ts too, and asking for the terminal's width
  // and colours only of a terminal (the defaults ask Node's stream, which making loads ~20 modules).
  const defaults = cli.configureOutput() as Required<OutputConfiguration>;
  cli.configureOutput({
    writeOut: (text) => void writeStdout(text),
    writeErr: writeStderr,
    // Undefined off a terminal, as commander's own default returns (its typings say number).
    getOutHelpWidth: () => (mayBeTerminal(1) ? defaults.getOutHelpWidth() : (undefined as unknown as number)),
    getErrHelpWidth: () => (mayBeTerminal(2) ? defaults.getErrHelpWidth() : (undefined as unknown as number)),
    // Not a terminal: commander strips colours, and no text of ours has any.
    getOutHasColors: () => mayBeTerminal(1) && defaults.getOutHasColors(),
    getErrHasColors: () => mayBeTerminal(2) && defaults.getErrHasColors(),
  });
  // A run of one command sets up only its row: it never reads the others, and commander making
  // their options cost ~2% of a cold render. Anything else (no command, `help`, a misspelt
  // command to suggest a name for) gets the whole table.
  const named = COMMANDS.find((spec) => spec.name === argv?.[2]);
  // addCommand() does not pass exitOverride, the output and the help hint on to subcommands; copy them.
  for (const spec of named ? [named] : COMMANDS) cli.addCommand(command(spec).copyInheritedSettings(cli));
  return cli;
}

/** One row of the command table as a commander command; its module is loaded when it runs. */
export function command(spec: CommandSpec): Command {
  const cmd = new Command(spec.name).description(spec.summary);
  if (spec.argument) cmd.argument(spec.argument.name, spec.argument.description);
  for (const o of spec.options) {
    const option = cmd.createOption(o.flags, o.description).makeOptionMandatory(o.required ?? false);
    if (o.parse) option.argParser(o.parse as (value: string, previous: unknown) => unknown);
    if (o.default !== undefined) option.default(o.default);
    cmd.addOption(option);
  }
  if (spec.help) cmd.addHelpText('after', spec.help);
  return cmd.action(async () => {
    const files: string[] = spec.argument ? cmd.processedArgs[0] : [];
    process.exitCode = await spec.load().run(files, cmd.opts());
  });
}

/** Runs the program and sets `process.exitCode`; never calls process.exit, so stdout is flushed. */
export async function main(argv: readonly string[] = process.argv): Promise<void> {
  // `dynamo-iac render … | head` closing stdout early is not an error: stdio.ts stops writing.
  try {
    await program(argv).parseAsync(argv);
  } catch (e) {
    process.exitCode = exitCodeOf(e);
  }
}

function exitCodeOf(e: unknown): number {
  // commander has printed its message already; help and --version are successes.
  if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
  if (e instanceof CliError) {
    // Some messages are several lines on purpose (a tool's output, one line per bad flag); each line is made safe.
    writeStderr(`${e.message.split('\n').map(oneLine).join('\n')}\n`);
    return e.exitCode;
  }
  writeStderr('dynamo-iac: internal error; this is a bug, please report it with the input that caused it\n');
  // Positions in the modules' own files where they ran from the code cache's pack.
  const { originalStack } = require('./code-cache') as typeof import('./code-cache');
  writeStderr(`${e instanceof Error ? originalStack(e.stack ?? String(e)) : String(e)}\n`);
  return EXIT_BUG;
}
