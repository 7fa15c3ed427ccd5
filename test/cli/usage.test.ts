import * as fs from 'fs';
import * as path from 'path';
import { GRAPH_KINDS, PASS_THROUGH_KINDS } from '../../src/api/convert/load';
import { COMMANDS } from '../../src/cli/commands';
import { program } from '../../src/cli/main';
import { FIXTURES, ROOT, run } from './run';

describe('usage errors exit 2', () => {
  test.each([
    ['no command', [], /Usage: dynamo-iac/],
    ['unknown command', ['frobnicate'], /unknown command 'frobnicate'/],
    ['unknown option', ['render', '--bogus', `${FIXTURES}/agg-v1beta1.yaml`], /unknown option '--bogus'/],
    ['missing FILE', ['render'], /missing required argument 'file'/],
    ['missing FILE for validate', ['validate'], /missing required argument 'file'/],
    [
      'invalid --namespace',
      ['render', '-n', 'Not_A_Namespace', `${FIXTURES}/agg-v1beta1.yaml`],
      /--namespace: "Not_A_Namespace" is not a valid namespace name/,
    ],
  ])('%s', (_name, args, message) => {
    const r = run(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/);
  });
});

describe('--help and --version', () => {
  test('top-level help lists commands, exit codes and examples', () => {
    const r = run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/render \[options\] <file\.\.\.>/);
    expect(r.stdout).toMatch(/validate \[options\] <file\.\.\.>/);
    expect(r.stdout).toMatch(/crds/);
    expect(r.stdout).toMatch(/Exit codes:\n {2}0 {3}success/);
    expect(r.stdout).toMatch(/Examples:/);
  });

  test.each(['render', 'validate', 'crds'])('%s --help has examples', (command) => {
    const r = run([command, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`Usage: dynamo-iac ${command}`));
    expect(r.stdout).toMatch(/Examples?:\n {2}.*dynamo-iac /);
  });

  test('render --help documents the -o layout and the existing-directory rule', () => {
    const r = run(['render', '--help']);
    expect(r.stdout).toMatch(/<dir>\/<namespace>\/<kind>-<name>\.yaml/);
    expect(r.stdout).toMatch(/non-empty one only with --force/);
  });

  test('--version prints the package version', () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const r = run(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${version}\n`);
  });
});

describe('command help says what a newcomer needs', () => {
  test('render --help names every kind it reads', () => {
    const help = run(['render', '--help']).stdout.replace(/\s+/g, ' ');
    for (const kind of [...GRAPH_KINDS, ...PASS_THROUGH_KINDS]) expect(help).toContain(kind);
  });

  test('gitops --help marks -o as required', () => {
    expect(run(['gitops', '--help']).stdout).toMatch(/-o, --output <dir>\s+\(required\)/);
  });
});

describe('a run of one command sets up only that command', () => {
  // The program built for `dynamo-iac <command> ...` holds that command alone (src/cli/main.ts);
  // what it prints must be what the whole table prints for that command.

  test.each(COMMANDS.map((spec) => spec.name))('%s: the same help as in the whole table', (name) => {
    const alone = program(['node', 'dynamo-iac', name]);
    expect(alone.commands.map((c) => c.name())).toEqual([name]);
    const whole = program().commands.find((c) => c.name() === name);
    expect(alone.commands[0].helpInformation()).toBe(whole?.helpInformation());
  });

  test('no command, `help` or an unknown word sets up the whole table (help lists, typos get suggestions)', () => {
    for (const argv of [[], ['help'], ['rendr'], ['--help']])
      expect(program(['node', 'dynamo-iac', ...argv]).commands).toHaveLength(COMMANDS.length);
    expect(run(['rendr']).stderr).toMatch(/Did you mean render\?/);
  });
});
