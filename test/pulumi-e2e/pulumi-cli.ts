/**
 * The real Pulumi CLI, offline: a throw-away PULUMI_HOME and file backend in a temp dir, the
 * CLI with the Node.js language host next to it (as Pulumi installs them) and the Kubernetes
 * provider installed from the locally built file (never downloaded, nothing picked up from PATH),
 * no update checks, passphrase secrets. One instance is one stack of one project.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** Paths from `test/infra/build.sh --print-paths pulumi` (set by global-setup.ts). */
export interface PulumiBinaries {
  readonly PULUMI: string;
  readonly PULUMI_LANGUAGE_NODEJS: string;
  readonly PULUMI_RESOURCE_KUBERNETES: string;
  /** The YAML and Python language hosts and the Python SDK's wheels (group `pulumilangs`). */
  readonly PULUMI_LANGUAGE_YAML?: string;
  readonly PULUMI_LANGUAGE_PYTHON?: string;
  /** The Python host's program shim, which it looks for beside itself. */
  readonly PULUMI_LANGUAGE_PYTHON_EXEC?: string;
  readonly PULUMI_PYTHON_WHEELS?: string;
}

export interface PulumiRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
}

/** A resource in `pulumi stack export`. */
export interface StateResource {
  readonly urn: string;
  readonly type: string;
  readonly id?: string;
  readonly custom: boolean;
  readonly external?: boolean;
  readonly parent?: string;
  readonly inputs?: any;
  readonly outputs?: any;
}

/** Longest a single CLI call may take before it is killed (a hung call must not hang CI). */
const CALL_TIMEOUT_MS = 20 * 60 * 1000;

export function pulumiBinaries(): PulumiBinaries {
  const raw = process.env.DYNAMO_IAC_PULUMI_BINARIES;
  if (!raw)
    throw new Error(
      'DYNAMO_IAC_PULUMI_BINARIES is not set: run through `npm run test:pulumi` (test/pulumi-e2e/jest.config.js)',
    );
  return JSON.parse(raw) as PulumiBinaries;
}

export class PulumiStack {
  /**
   * Logs in to a file backend in a new temp dir, installs the provider plugin from its file and
   * creates `stack` for the project in `projectDir`.
   */
  static async create(opts: {
    projectDir: string;
    stack: string;
    kubeconfig: string;
    /** Skip ts-node's type check of the program (the repository's programs are type-checked by `npm test`). */
    transpileOnly?: boolean;
    /** More environment for every CLI call (e.g. pip's wheel source for a Python program). */
    env?: Record<string, string>;
    log?: (line: string) => void;
  }): Promise<PulumiStack> {
    const bins = pulumiBinaries();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-pulumi-'));
    // Pulumi's own layout: the CLI with its bundled language hosts next to it (plugins on PATH are
    // ignored, see env()). Hard links where the file system allows, else copies.
    const bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    for (const file of [
      bins.PULUMI,
      bins.PULUMI_LANGUAGE_NODEJS,
      bins.PULUMI_LANGUAGE_YAML,
      bins.PULUMI_LANGUAGE_PYTHON,
    ])
      if (file) linkOrCopy(file, path.join(bin, path.basename(file)));
    if (bins.PULUMI_LANGUAGE_PYTHON_EXEC) {
      const exec = path.join(bin, path.basename(bins.PULUMI_LANGUAGE_PYTHON_EXEC));
      fs.copyFileSync(bins.PULUMI_LANGUAGE_PYTHON_EXEC, exec);
      fs.chmodSync(exec, 0o755);
    }
    // This process's Node 24 as `node` (npm stays the PATH's: the Node wheel's own bin/npm is broken).
    fs.symlinkSync(process.execPath, path.join(bin, 'node'));
    const stack = new PulumiStack(
      opts.projectDir,
      opts.stack,
      dir,
      path.join(bin, 'pulumi'),
      opts.kubeconfig,
      opts.transpileOnly ?? false,
      opts.log ?? (() => undefined),
      opts.env ?? {},
    );
    fs.mkdirSync(path.join(dir, 'state'));
    await stack.cli(['login', `file://${path.join(dir, 'state')}`]);
    await stack.cli([
      'plugin',
      'install',
      'resource',
      'kubernetes',
      `v${packageVersion('@pulumi/kubernetes')}`,
      '--file',
      bins.PULUMI_RESOURCE_KUBERNETES,
    ]);
    await stack.cli(['stack', 'init', opts.stack, '--secrets-provider', 'passphrase']);
    return stack;
  }

  private constructor(
    readonly projectDir: string,
    readonly name: string,
    private readonly dir: string,
    private readonly pulumi: string,
    private readonly kubeconfig: string,
    private readonly transpileOnly: boolean,
    private readonly log: (line: string) => void,
    private readonly extraEnv: Record<string, string>,
  ) {}

  /** `pulumi up`; rejects unless it succeeds. */
  up(...extra: string[]): Promise<PulumiRun> {
    return this.cli(['up', '--yes', '--skip-preview', ...extra]);
  }

  /** `pulumi up` that must fail: its run (exit code and output) for the assertions. */
  upFailing(...extra: string[]): Promise<PulumiRun> {
    return this.cli(['up', '--yes', '--skip-preview', ...extra], { expectFailure: true });
  }

  /** `pulumi up` and the changes it made, as `[op, urn]` (steps other than `same`, and `read`s of looked-up resources). */
  async upChanges(): Promise<[string, string][]> {
    const run = await this.cli(['up', '--yes', '--skip-preview', '--json']);
    // One engine event per line; each finished step is a `resOutputsEvent`.
    const events = run.stdout
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { resOutputsEvent?: { metadata: { op: string; urn: string } } });
    const steps = events.flatMap((e) => (e.resOutputsEvent ? [e.resOutputsEvent.metadata] : []));
    if (steps.length === 0) throw new Error(`pulumi up --json reported no steps:\n${tail(run.stdout)}`);
    return steps.filter((s) => s.op !== 'same' && s.op !== 'read').map((s) => [s.op, s.urn]);
  }

  async setConfig(key: string, value: string): Promise<void> {
    await this.cli(['config', 'set', key, '--', value]);
  }

  async exportState(): Promise<StateResource[]> {
    const run = await this.cli(['stack', 'export']);
    return (JSON.parse(run.stdout).deployment.resources ?? []) as StateResource[];
  }

  /** Removes the stack's config file from the project and the temp dir (after a destroy). */
  async dispose(): Promise<void> {
    await this.cli(['stack', 'rm', '--yes', '--force'], { expectFailure: undefined });
    // A language or component-provider host whose engine went away (a failed `up`, the YAML
    // program's Node.js component host) can outlive the CLI: stop what runs from this stack's
    // binaries, which only this harness started.
    for (const pid of processesUnder(this.dir)) process.kill(pid, 'SIGKILL');
    fs.rmSync(path.join(this.projectDir, `Pulumi.${this.name}.yaml`), { force: true });
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** Runs `pulumi <args>` for this stack; rejects unless the exit code matches the expectation. */
  async cli(args: string[], opts: { expectFailure?: boolean } = { expectFailure: false }): Promise<PulumiRun> {
    const global = ['--non-interactive', '--color', 'never'];
    const scoped =
      ['login', 'plugin', 'package'].includes(args[0]) || (args[0] === 'stack' && args[1] === 'init')
        ? []
        : ['--stack', this.name];
    const started = Date.now();
    // Flags before a `--` (after it everything is a value).
    const at = args.includes('--') ? args.indexOf('--') : args.length;
    const run = await spawnCollect(
      this.pulumi,
      [...args.slice(0, at), ...global, ...scoped, ...args.slice(at)],
      this.projectDir,
      this.env(),
    );
    const result = { ...run, seconds: (Date.now() - started) / 1000 };
    this.log(`pulumi ${args.join(' ')}: exit ${run.code} in ${result.seconds.toFixed(1)}s`);
    if (opts.expectFailure !== undefined && (run.code !== 0) !== opts.expectFailure) {
      throw new Error(
        `pulumi ${args.join(' ')} exited ${run.code}${opts.expectFailure ? ' (expected a failure)' : ''}:\n${tail(run.stdout)}\n${tail(run.stderr)}`,
      );
    }
    return result;
  }

  private env(): NodeJS.ProcessEnv {
    // What a user's shell would have: no jest NODE_OPTIONS; Node 24 (this process's) first on PATH.
    const { NODE_OPTIONS: _, ...inherited } = process.env;
    return {
      ...inherited,
      PATH: [path.dirname(this.pulumi), process.env.PATH].join(path.delimiter),
      PULUMI_HOME: path.join(this.dir, 'home'),
      PULUMI_CONFIG_PASSPHRASE: 'dynamo-iac-e2e',
      PULUMI_SKIP_UPDATE_CHECK: '1',
      PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: '1',
      PULUMI_IGNORE_AMBIENT_PLUGINS: '1',
      // A missing plugin fails instead of being downloaded.
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: 'true',
      KUBECONFIG: this.kubeconfig,
      ...(this.transpileOnly ? { PULUMI_NODEJS_TRANSPILE_ONLY: 'true' } : {}),
      ...this.extraEnv,
    };
  }
}

/** The version of an npm package the program loads (the plugin binaries are built to match). */
function packageVersion(name: string): string {
  return require(`${name}/package.json`).version;
}

function linkOrCopy(from: string, to: string): void {
  try {
    fs.linkSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
    fs.chmodSync(to, 0o755);
  }
}

function tail(text: string, lines = 60): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

function spawnCollect(
  bin: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    const timer = setTimeout(() => child.kill('SIGTERM'), CALL_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stderr =
        Buffer.concat(err).toString('utf8') +
        (signal ? `\n(killed by ${signal} after ${CALL_TIMEOUT_MS / 60000} min)` : '');
      resolve({ code: code ?? 1, stdout: Buffer.concat(out).toString('utf8'), stderr });
    });
  });
}

/** PIDs of the processes whose command starts under `dir` (Linux /proc; none elsewhere). */
export function processesUnder(dir: string): number[] {
  const pids: number[] = [];
  const entries = fs.existsSync('/proc') ? fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e)) : [];
  for (const e of entries) {
    try {
      const command = fs.readFileSync(`/proc/${e}/cmdline`, 'utf8').split('\0')[0];
      if (command.startsWith(`${dir}/`)) pids.push(Number(e));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}
