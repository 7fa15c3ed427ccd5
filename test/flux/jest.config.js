// Jest config for the Flux suite: Flux's kustomize-controller against the test cluster.
// Run: npm run test:flux (builds kube-apiserver, etcd and kustomize-controller once, compiles lib/).
// The unit-test config (package.json "jest") ignores /test/flux/.
const path = require('path');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: path.resolve(__dirname, '..', '..'),
  testMatch: ['<rootDir>/test/flux/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/test/flux/global-setup.ts',
  globalTeardown: '<rootDir>/test/cluster/global-teardown.ts',
  maxWorkers: 1,
  // Each step waits for Flux (health checks poll every few seconds); timeouts only bound a hang.
  testTimeout: 300000,
  slowTestThreshold: 60,
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
  },
  reporters: ['default', ['jest-junit', { outputDirectory: 'test-reports', outputName: 'junit-flux.xml' }]],
};
