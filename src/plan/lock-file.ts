/** Reading the plan lock file: a missing file is no lock, a broken one a problem of that file. */
import * as fs from 'fs';
import { SourcedProblem } from '../api/problems';
import { readTextFile } from '../api/text-file';
import { parseLock, PlanLockError } from './lock';
import { PlanSource } from './resolve-request';

export function readPlanLock(file: string): PlanSource | { problem: SourcedProblem } {
  if (!fs.existsSync(file)) return { file };
  let text: string;
  try {
    text = readTextFile(file);
  } catch (e) {
    // A directory, an unreadable or endless file: the lock's problem, not a crash.
    return { problem: { source: file, path: '', message: (e as Error).message, severity: 'error' } };
  }
  try {
    return { file, lock: parseLock(text, file) };
  } catch (e) {
    if (!(e instanceof PlanLockError)) throw e;
    return { problem: { source: file, path: '', message: e.message.replace(`${file}: `, ''), severity: 'error' } };
  }
}
