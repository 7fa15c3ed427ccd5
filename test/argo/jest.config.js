// Jest config for the Argo CD suite: Argo CD's application controller and repo server, with
// Redis, against the test cluster. Run: npm run test:argo (builds kube-apiserver, etcd, Argo CD
// and kustomize once, unpacks Redis from Debian's packages, compiles lib/).
// The unit-test config (package.json "jest") ignores /test/argo/.
const path = require('path');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: path.resolve(__dirname, '..', '..'),
  testMatch: ['<rootDir>/test/argo/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/test/argo/global-setup.ts',
  globalTeardown: '<rootDir>/test/cluster/global-teardown.ts',
  maxWorkers: 1,
  // Each step waits for Argo CD (reconciles, sync waves); timeouts only bound a hang.
  testTimeout: 300000,
  slowTestThreshold: 60,
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
  },
  reporters: ['default', ['jest-junit', { outputDirectory: 'test-reports', outputName: 'junit-argo.xml' }]],
};
