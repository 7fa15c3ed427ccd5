/** Reading the plan lock file: a missing file is no lock, a broken one a problem of that file. */
import * as fs from 'fs';
import { SourcedProblem } from '../api/problems';
import { readTextFile, TextFileError } from '../api/text-file';
import { parseLock, PlanLockError } from './lock';
import { PlanSource } from './resolve-request';

export function readPlanLock(file: string): PlanSource | { problem: SourcedProblem } {
  if (!fs.existsSync(file)) return { file };
  const problem = (message: string) => ({ problem: { source: file, path: '', message, severity: 'error' as const } });
  try {
    return { file, lock: parseLock(readTextFile(file), file) };
  } catch (e) {
    // A directory, an unreadable or endless file, text that is no lock: the lock's problem, not a crash.
    if (e instanceof TextFileError) return problem(e.message);
    if (e instanceof PlanLockError) return problem(e.message.replace(`${file}: `, ''));
    throw e;
  }
}
