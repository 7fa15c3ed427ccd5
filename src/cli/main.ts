/**
 * The `dynamo-iac` program: commands, exit codes, and the one place where
 * errors become messages. Bad input never shows a stack; only a bug does.
 * Each command's work is loaded only when that command runs (test/cli/loading.test.ts).
 */
import { Command, CommanderError } from 'commander';
import { crdsCommand } from './crds';
import { gitopsCommand } from './gitops';
import { operatorCommand } from './operator';
import { packageVersion } from '../package-version';
import { planCommand } from './plan';
import { platformCommand } from './platform';
import { renderCommand } from './render';
import { CliError, EXIT_OK, EXIT_USAGE, oneLine } from './report';
import { validateCommand } from './validate';

/** Not 1 or 2, so scripts can tell a crash from bad input. */
export const EXIT_BUG = 70;

export function program(): Command {
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
  // addCommand() does not pass exitOverride and the help hint on to subcommands; copy them.
  for (const sub of [
    renderCommand(),
    validateCommand(),
    planCommand(),
    gitopsCommand(),
    crdsCommand(),
    platformCommand(),
    operatorCommand(),
  ])
    cli.addCommand(sub.copyInheritedSettings(cli));
  return cli;
}

/** Runs the program and sets `process.exitCode`; never calls process.exit, so stdout is flushed. */
export async function main(argv: readonly string[] = process.argv): Promise<void> {
  // `dynamo-iac render … | head` closes stdout early: that is not an error.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });
  try {
    await program().parseAsync(argv);
  } catch (e) {
    process.exitCode = exitCodeOf(e);
  }
}

function exitCodeOf(e: unknown): number {
  // commander has printed its message already; help and --version are successes.
  if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
  if (e instanceof CliError) {
    // Some messages are several lines on purpose (a tool's output, one line per bad flag); each line is made safe.
    process.stderr.write(`${e.message.split('\n').map(oneLine).join('\n')}\n`);
    return e.exitCode;
  }
  process.stderr.write('dynamo-iac: internal error; this is a bug, please report it with the input that caused it\n');
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  return EXIT_BUG;
}
