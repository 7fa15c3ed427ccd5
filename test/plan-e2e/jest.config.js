// Jest config for the real SLA search (aiconfigurator from PyPI in a venv under
// ~/.cache/dynamo-iac, created on first use). Run: npm run test:plan
// The unit-test config (package.json "jest") ignores /test/plan-e2e/.
const path = require('path');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: path.resolve(__dirname, '..', '..'),
  testMatch: ['<rootDir>/test/plan-e2e/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  maxWorkers: 1,
  // A cold cache installs ~850 MB from PyPI first; a search takes 20-120 s on 2 busy cores.
  testTimeout: 30 * 60 * 1000,
  slowTestThreshold: 60,
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
  },
};
