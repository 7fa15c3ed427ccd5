// Jest config for the real-Pulumi suite: the Pulumi CLI, its Node.js language host and the
// Kubernetes provider (built by test/infra/build.sh pulumi) against the test cluster.
// Run: npm run test:pulumi. The unit-test config (package.json "jest") ignores /test/pulumi-e2e/.
const path = require('path');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: path.resolve(__dirname, '..', '..'),
  testMatch: ['<rootDir>/test/pulumi-e2e/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/test/pulumi-e2e/global-setup.ts',
  globalTeardown: '<rootDir>/test/cluster/global-teardown.ts',
  // One cluster, one Pulumi state; the steps of a file build on each other.
  maxWorkers: 1,
  // A `pulumi up` of the whole example takes minutes on 2 cores; each CLI call has its own bound.
  testTimeout: 30 * 60 * 1000,
  slowTestThreshold: 120,
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
  },
  reporters: ['default', ['jest-junit', { outputDirectory: 'test-reports', outputName: 'junit-pulumi.xml' }]],
};
