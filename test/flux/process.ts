/**
 * Child processes the Flux test runs next to the cluster (Flux's kustomize-controller, the
 * runtime operator): output kept for failure messages, killed when the test process exits.
 */
import { ChildProcess, spawn } from 'child_process';

export class Process {
  private output = '';
  private readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  private readonly killOnExit = () => this.child.kill('SIGKILL');

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv,
  ) {
    this.child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (d: Buffer) => {
      // Enough to explain a failure; the whole log of a long run is not needed.
      this.output = (this.output + d.toString('utf8')).slice(-512 * 1024);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    process.once('exit', this.killOnExit);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last `lines` lines of output, headed by the process name. */
  tail(lines = 60): string {
    return `--- last ${lines} lines of ${this.name}${this.running ? '' : ` (exited ${this.child.exitCode ?? this.child.signalCode})`}:\n${this.output.split('\n').slice(-lines).join('\n')}`;
  }

  get log(): string {
    return this.output;
  }

  /** SIGTERM, then SIGKILL if it has not exited after 10 s. Resolves with the exit code. */
  async stop(): Promise<number | null> {
    process.removeListener('exit', this.killOnExit);
    if (this.running) {
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      await this.exited;
      clearTimeout(timer);
    }
    return this.exited;
  }
}
