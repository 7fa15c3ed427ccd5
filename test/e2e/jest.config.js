// Jest config for the real-node suite: real pods on a real kubelet, served by the real Dynamo runtime.
// Run: npm run test:e2e (test/e2e/run.sh builds the node and images once, starts the node, runs
// this suite inside the node's network namespace, and stops the node).
// The unit-test config (package.json "jest") ignores /test/e2e/.
const path = require('path');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: path.resolve(__dirname, '..', '..'),
  testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/test/e2e/global-setup.ts',
  setupFiles: ['<rootDir>/test/e2e/setup-env.ts'],
  // One node; tests isolate themselves by namespace.
  maxWorkers: 1,
  // Pods start in seconds, but a graph waits for probes; timeouts only bound a hang.
  testTimeout: 300000,
  slowTestThreshold: 120,
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
  },
  reporters: ['default', ['jest-junit', { outputDirectory: 'test-reports', outputName: 'junit-e2e.xml' }]],
};
