// Jest config for the real-cluster suite (etcd + kube-apiserver, see harness.ts).
// Run: bash test/infra/build.sh && jest --ci --config test/cluster/jest.config.js --runInBand
// The unit-test config (package.json "jest") ignores /test/cluster/.
const path = require('path');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: path.resolve(__dirname, '..', '..'),
  testMatch: ['<rootDir>/test/cluster/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/test/cluster/global-setup.ts',
  globalTeardown: '<rootDir>/test/cluster/global-teardown.ts',
  // One shared API server; tests isolate themselves by namespace / object names.
  maxWorkers: 1,
  // Generous: CRDs need a moment to become Established, fuzz suites apply a lot.
  testTimeout: 120000,
  slowTestThreshold: 30,
  clearMocks: true,
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
  },
  reporters: ['default', ['jest-junit', { outputDirectory: 'test-reports', outputName: 'junit-cluster.xml' }]],
};
