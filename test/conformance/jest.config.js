// Jest config for the conformance suite (`npm run test:conformance`): upstream Dynamo's own files
// and controller golden tests (third_party/dynamo-upstream, read-only), in one process.
// The unit-test config (package.json "jest") ignores /test/conformance/suite/; the matcher's own
// unit tests (test/conformance/*.test.ts) run with `npm test`.
const path = require('path');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: path.resolve(__dirname, '..', '..'),
  testMatch: ['<rootDir>/test/conformance/suite/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  maxWorkers: 1,
  testTimeout: 60 * 1000,
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
  },
};
