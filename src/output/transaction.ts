/**
 * Replacing entries of a directory as one transaction: what `render -o DIR` and the GitOps
 * writer use so that DIR ends up as the old tree or the new tree, whatever happens to the run.
 *
 * Under `<parent>/<state>.lock` (one run at a time; a lock left by a dead run is taken over):
 *
 *   1. the new entries are built in `<parent>/<state>.tx/building/` (a failure, ENOSPC, or a
 *      kill here leaves `<parent>` untouched; the next run deletes the half-built copy);
 *   2. `building/` is renamed to `ready/`: the commit point, one rename;
 *   3. for each entry of `ready/`: the old entry (if any) is renamed into `old/`, then the new
 *      one into its place. Renames within one filesystem need no space and cannot half-happen.
 *
 * A run killed during step 3 (SIGKILL, power loss) leaves `ready/` behind; the next run rolls
 * it forward before anything else, so no layer stays missing. SIGINT, SIGTERM and SIGHUP are
 * held (the run is synchronous: Node runs a handler only after it): the run finishes, says on
 * stderr that the new tree was written when it was, and the signal then ends the process.
 * Step 3 is one rename per entry, not one for all: Node has no renameat2(RENAME_EXCHANGE), and
 * the entries must stay real directories that Git, Flux and Argo CD read as files
 * (docs/hostile-input.md, "Why the switch is not one rename").
 *
 * Nothing is written through a symbolic link: a lock or `.tx` path that is one is refused, and
 * the private lock file is created exclusively. `.tx/` holds a `.gitignore` of `*`, so the
 * staged copies a killed run leaves are never taken by `git add -A`.
 */
import * as fs from 'fs';
import * as path from 'path';

/** A transaction cannot start or finish: a busy lock, an unusable lock path, a filesystem error. */
export class TransactionError extends Error {}

const DEFERRED_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Runs `stage(building)` under the lock; every entry it creates in `building` then replaces the
 * entry of the same name in `parent`. `stage` may throw: nothing in `parent` changes.
 * `shown` names `parent` in messages.
 */
export function replaceEntries<T>(
  parent: string,
  state: string,
  shown: string,
  stage: (building: string) => T,
  legacy: readonly string[] = [],
): T {
  const lock = path.join(parent, `${state}.lock`);
  const tx = path.join(parent, `${state}.tx`);
  return deferSignals((signals) => {
    mkdirs(parent, shown);
    refuseSymlink(lock);
    acquireLock(lock, shown);
    try {
      removeDeadLockFiles(parent, state);
      for (const name of legacy) recoverLegacy(parent, name, shown);
      refuseSymlink(tx);
      recover(parent, tx, shown);
      const building = path.join(tx, 'building');
      let result: T;
      try {
        fsStep(shown, () => {
          fs.mkdirSync(tx);
          fs.writeFileSync(path.join(tx, '.gitignore'), '*\n', { flag: 'wx' });
          fs.mkdirSync(building);
        });
        result = stage(building);
        fsStep(shown, () => {
          // The commit point: from here on the new entries are what this run leaves.
          if (fs.readdirSync(building).length > 0) fs.renameSync(building, path.join(tx, 'ready'));
        });
      } catch (e) {
        fs.rmSync(tx, { recursive: true, force: true });
        throw e;
      }
      signals.committed = shown;
      recover(parent, tx, shown);
      return result;
    } finally {
      fs.rmSync(lock, { force: true });
    }
  });
}

/** The lock and the transaction directory are the writer's own: a symbolic link there is someone else's. */
function refuseSymlink(p: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(p);
  } catch {
    return;
  }
  if (stat.isSymbolicLink()) {
    throw new TransactionError(`${p}: is a symbolic link; dynamo-iac never writes through one: remove it`);
  }
  if (!stat.isFile() && !stat.isDirectory())
    throw new TransactionError(`${p}: is not a file or a directory: remove it`);
}

/**
 * Like `fs.mkdirSync(dir, { recursive: true })`, with the user's umask and a message on failure;
 * one level at a time because Node's recursive mkdir never returns under /proc.
 */
export function mkdirs(dir: string, shown: string): void {
  fsStep(shown, () => mkdirp(dir));
}

function mkdirp(dir: string): void {
  try {
    fs.mkdirSync(dir);
    return;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && fs.statSync(dir).isDirectory()) return;
    if (code !== 'ENOENT' || path.dirname(dir) === dir) throw e;
  }
  mkdirp(path.dirname(dir));
  fs.mkdirSync(dir);
}

/** Finishes or undoes what an earlier run left in `tx`; removes `tx`. */
function recover(parent: string, tx: string, shown: string): void {
  fsStep(shown, () => {
    if (!fs.existsSync(tx)) return;
    const ready = path.join(tx, 'ready');
    const old = path.join(tx, 'old');
    if (fs.existsSync(ready)) {
      fs.mkdirSync(old, { recursive: true });
      for (const name of fs.readdirSync(ready).sort()) {
        const current = path.join(parent, name);
        // Moved aside already when a previous run was killed between the two renames.
        if (!fs.existsSync(path.join(old, name)) && lexists(current)) fs.renameSync(current, path.join(old, name));
        fs.renameSync(path.join(ready, name), current);
      }
    }
    // Without ready/: an unfinished building/ (the old entries are still in place) or a
    // finished swap whose old/ was not yet removed.
    fs.rmSync(tx, { recursive: true, force: true });
  });
}

/**
 * Earlier versions swapped each entry through `.<name>.tmp-XXXXXX` and `.<name>.tmp-XXXXXX.old`;
 * a run killed between the two renames left `<name>` missing. The old copy goes back.
 */
function recoverLegacy(parent: string, name: string, shown: string): void {
  fsStep(shown, () => {
    const prefix = `.${name}.tmp-`;
    for (const entry of fs
      .readdirSync(parent)
      .filter((e) => e.startsWith(prefix))
      .sort()) {
      const full = path.join(parent, entry);
      if (entry.endsWith('.old') && !lexists(path.join(parent, name))) fs.renameSync(full, path.join(parent, name));
      else fs.rmSync(full, { recursive: true, force: true });
    }
  });
}

/** The private lock copies (`<state>.lock.<pid>.tmp`) of runs that were killed while taking the lock. */
function removeDeadLockFiles(parent: string, state: string): void {
  const prefix = `${state}.lock.`;
  for (const entry of fs.readdirSync(parent)) {
    const m = entry.startsWith(prefix) ? /^([0-9]+)\.tmp(\.stale)?$/.exec(entry.slice(prefix.length)) : null;
    if (m && !isAlive(Number(m[1]))) fs.rmSync(path.join(parent, entry), { force: true });
  }
}

function lexists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * The lock file holds the pid of its run. It is written completely under a private name and
 * then hard-linked to the lock path, which fails when the lock exists: no run ever sees half a lock.
 */
function acquireLock(lock: string, shown: string): void {
  const mine = `${lock}.${process.pid}.tmp`;
  let created = false;
  try {
    // Exclusive: never through a link, never another's file; removed below even when the write
    // fails (ENOSPC), and only when this run created it.
    fsStep(shown, () => {
      const fd = fs.openSync(mine, 'wx');
      created = true;
      try {
        fs.writeSync(fd, `${process.pid}\n`);
      } finally {
        fs.closeSync(fd);
      }
    });
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        fs.linkSync(mine, lock);
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw fsError(shown, e);
      }
      const holder = lockHolder(lock);
      if (holder === 'gone') continue;
      if (isAlive(holder)) {
        throw new TransactionError(
          `${shown}: another dynamo-iac run (pid ${holder}) is writing here; run again when it has finished (if no such run exists, remove ${lock})`,
        );
      }
      // A dead run's lock: take it away by renaming it, so two runs cannot both remove it.
      const stale = `${mine}.stale`;
      try {
        fs.renameSync(lock, stale);
      } catch {
        continue;
      }
      if (lockHolder(stale) !== holder) {
        // Another run had taken it over in between: give it back.
        try {
          fs.linkSync(stale, lock);
        } catch {
          // it has a new lock already
        }
      }
      fs.rmSync(stale, { force: true });
    }
    throw new TransactionError(`${shown}: cannot take the lock ${lock}: it keeps changing`);
  } finally {
    if (created) fs.rmSync(mine, { force: true });
  }
}

function lockHolder(lock: string): number | 'gone' {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(lock);
  } catch {
    return 'gone';
  }
  const text = stat.isFile() && stat.size < 64 ? readUnlessGone(lock) : '';
  // Its run finished and removed it between the two looks.
  if (text === undefined) return 'gone';
  const pid = /^[1-9][0-9]{0,9}\n$/.test(text) ? Number(text.trim()) : undefined;
  if (pid === undefined) {
    throw new TransactionError(`${lock}: exists and is not a dynamo-iac lock file; remove it`);
  }
  return pid;
}

function readUnlessGone(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

function isAlive(pid: number): boolean {
  // Our own pid in a lock is a leftover of an earlier process that had it (a container restart).
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function fsStep(shown: string, f: () => void): void {
  try {
    f();
  } catch (e) {
    throw fsError(shown, e);
  }
}

function fsError(shown: string, e: unknown): Error {
  if (e instanceof TransactionError) return e;
  return new TransactionError(`${shown}: cannot write: ${(e as Error).message}`);
}

/** The signal caught while held, and the last directory a transaction committed meanwhile. */
interface HeldSignals {
  caught?: NodeJS.Signals;
  committed?: string;
}

/** Undefined when no signal is held. */
let held: HeldSignals | undefined;

function hold(signal: NodeJS.Signals): void {
  held!.caught ??= signal;
}

/**
 * Runs `f` (synchronous) with the termination signals held: Node delivers a signal that arrives
 * meanwhile on the next turn of the event loop, where it is raised again with no handler left.
 */
function deferSignals<T>(f: (signals: HeldSignals) => T): T {
  if (!held) {
    const state: HeldSignals = {};
    held = state;
    for (const s of DEFERRED_SIGNALS) process.on(s, hold);
    // Signal handles are read before setImmediate callbacks run; several transactions in one
    // synchronous stretch share this one release.
    setImmediate(() => {
      for (const s of DEFERRED_SIGNALS) process.off(s, hold);
      held = undefined;
      if (!state.caught) return;
      // The exit status says "ended by a signal"; this line says the tree it left is the new one.
      if (state.committed) {
        // Quoted: the path is the user's and may hold anything (this line bypasses the CLI's oneLine).
        const dir = JSON.stringify(state.committed);
        process.stderr.write(`${dir}: the new tree was written before ${state.caught} took effect\n`);
      }
      process.kill(process.pid, state.caught);
    });
  }
  return f(held);
}
