// `npm test` runs jest in two phases, so a failure in the fast suites shows in seconds:
//   fast  every suite but the slow ones: in-process, needs no lib/ (test/jest.fast.config.js)
//   slow  the suites that run the built CLI as a child process per case, and the Pulumi suites
//         (each loads @pulumi/pulumi and runs programs under setMocks) (test/jest.slow.config.js)
// test/package/ (lib/*.d.ts type-checked as a user's project) is neither: `npm run test:package`.
// Both start from the package.json "jest" config (projen's), which `npx jest <path>` still uses.
const path = require('path');

const rootDir = path.resolve(__dirname, '..');
const { jest: base } = require('../package.json');

/** Test files of the slow phase. */
const SLOW = [
  '<rootDir>/test/cli/**/*.test.ts',
  '<rootDir>/test/gitops/cli.test.ts',
  // 3,000 graphs through the real pipeline and writer: ~30 s, mostly writing 27,000 files.
  '<rootDir>/test/gitops/many-graphs.test.ts',
  '<rootDir>/test/pulumi/**/*.test.ts',
  // The CLI, the constructs and the Pulumi components on one table of documents.
  '<rootDir>/test/pipeline/front-ends.test.ts',
];
/** Run by `npm run test:package` only (CI): each case type-checks a whole project, ~5 s of CPU. */
const PACKAGE = ['<rootDir>/test/package/**/*.test.ts'];

/** @returns {import('jest').Config} */
function phase(name) {
  const selection =
    name === 'slow'
      ? { testMatch: SLOW }
      : name === 'package'
        ? { testMatch: PACKAGE }
        : { testPathIgnorePatterns: [...base.testPathIgnorePatterns, ...[...SLOW, ...PACKAGE].map(globToRegExp)] };
  return {
    ...base,
    ...selection,
    rootDir,
    displayName: name,
    // jest's default is one worker less than the cores, which on 2 cores means running in band:
    // every suite in one process, one after the other. The CLI suites mostly wait on child
    // processes, so two workers on 2 cores halve the wall time.
    maxWorkers: '100%',
    reporters: base.reporters.map((r) =>
      Array.isArray(r) && r[0] === 'jest-junit' ? [r[0], { ...r[1], outputName: `junit-${name}.xml` }] : r,
    ),
  };
}

/** `<rootDir>/test/cli/**\/*.test.ts` as a testPathIgnorePatterns regex. */
function globToRegExp(glob) {
  return glob
    .replace('<rootDir>', '')
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\//g, '(.*/)?')
    .replace(/\*/g, '[^/]*');
}

module.exports = { phase };
