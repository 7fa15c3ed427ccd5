/** Where plan results live; a leaf module, so the CLI's options and help can name them without loading the planner. */

/** Default lock file name (in the current directory, like a package lock). */
export const DEFAULT_LOCK_FILE = 'dynamo-plan.lock';
/** Directory, next to the lock, with each request's picture, table and generated graph. */
export const PLAN_ARTIFACT_DIR = 'dynamo-plan';
