import { javascript, typescript } from 'projen';

// The project is an application-style TypeScript package (not jsii): plain
// TypeScript types give us discriminated unions and index signatures that a
// Dynamo manifest needs, and we do not publish to other languages.
const project = new typescript.TypeScriptProject({
  name: 'dynamo-iac',
  description: 'Build-time rendering of NVIDIA Dynamo inference graphs for Kubernetes: cdk8s constructs, Pulumi components and a CLI.',
  license: 'Apache-2.0',
  defaultReleaseBranch: 'main',
  projenrcTs: true,
  packageManager: javascript.NodePackageManager.NPM,
  minNodeVersion: '20.0.0',
  typescriptVersion: '~5.9.3',
  github: false,
  release: false,
  eslint: false,
  sampleCode: false,
  srcdir: 'src',
  libdir: 'lib',
  testdir: 'test',
  bin: { 'dynamo-iac': 'bin/dynamo-iac' },
  deps: [
    'cdk8s@^2.70.0',
    'constructs@^10.4.0',
    'yaml@^2.8.0',
    'commander@^14.0.0',
    'ajv@^8.17.0',
    // Runtime operator: Prometheus metrics and structured JSON logs. (@kubernetes/client-node is
    // not used: 1.x is ESM-only, which jest cannot load, and 2.x needs Node 22; docs/operator.md.)
    'prom-client@^15.1.0',
    'pino@^9.6.0',
    // Core Kubernetes schemas (precompiled ajv validators) for pod content users pass through
    // podTemplate/extraPodSpec. 4.x: 5.x is ESM-only and needs Node 22.
    'kubernetes-models@^4.5.1',
  ],
  // Pulumi is optional for users: the components load from `dynamo-iac/pulumi` only.
  // @pulumi/pulumi 3.249+ needs Node 22, so it stays below that.
  peerDeps: ['@pulumi/pulumi@>=3.140.0 <3.249.0', '@pulumi/kubernetes@^4.18.0'],
  peerDependencyOptions: { pinnedDevDependency: false },
  devDeps: [
    '@pulumi/pulumi@3.248.0',
    '@pulumi/kubernetes@4.34.2',
    '@types/node@^20',
    'cdk8s-cli@^2.200.0',
    'cdk8s-plus-29@^2.6.0',
    'ts-node@^10.9.2',
    // Published schemas of third-party kinds we render, checked in tests. flux-cd 3.x is the
    // first with Kustomization healthCheckExprs; it is ESM, so tests run it in a child process.
    '@kubernetes-models/flux-cd@3.0.1',
    '@kubernetes-models/prometheus-operator@4.4.4',
    '@kubernetes-models/istio@2.3.0',
  ],
  tsconfig: {
    compilerOptions: {
      lib: ['es2022'],
      target: 'ES2022',
      skipLibCheck: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
    },
  },
  jestOptions: {
    // `--ci`: a changed snapshot fails the run instead of being rewritten.
    updateSnapshot: javascript.UpdateSnapshot.NEVER,
    coverageText: false,
    jestConfig: {
      collectCoverage: false,
      // Pulumi's telemetry leaves a global behind that jest would warn about at teardown.
      testEnvironmentOptions: { globalsCleanup: 'off' },
      testPathIgnorePatterns: ['/node_modules/', '/test/cluster/'],
    },
  },
  gitignore: ['/dist/', '/.bench/', 'cdk8s.out/'],
});

// jest 30 pulls unrs-resolver, whose per-platform optional packages npm 11 leaves out of
// package-lock.json, so `npm ci` refuses the lock file. jest 29 has no such dependency.
project.addDevDeps('jest@^29.7.0', '@types/jest@^29.5.14', 'ts-jest@^29.4.0', 'jest-util@^29.7.0');

// Examples and benchmarks run with ts-node against the sources; they live outside
// src/ (so rootDir differs) but share the compiler options.
new javascript.TypescriptConfig(project, {
  fileName: 'tsconfig.dev.json',
  extends: javascript.TypescriptConfigExtends.fromPaths(['./tsconfig.json']),
  include: ['src/**/*.ts', 'examples/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts'],
  compilerOptions: { rootDir: '.', noEmit: true },
});

// CLI tests run the built bin, so the test task compiles first.
project.testTask.prependSpawn(project.compileTask);

// `dynamo-iac/pulumi` is a separate entry point, so cdk8s-only users never load Pulumi.
project.addFields({
  exports: {
    '.': { types: './lib/index.d.ts', default: './lib/index.js' },
    './pulumi': { types: './lib/pulumi/index.d.ts', default: './lib/pulumi/index.js' },
    './package.json': './package.json',
  },
  typesVersions: { '*': { pulumi: ['lib/pulumi/index.d.ts'] } },
});

project.addFields({
  peerDependenciesMeta: { '@pulumi/pulumi': { optional: true }, '@pulumi/kubernetes': { optional: true } },
});

project.addFields({ files: ['lib', 'bin', 'imports', 'README.md', 'docs'] });

// `npm run synth`: the example app through cdk8s.yaml into dist/.
project.addTask('synth', {
  description: 'Synthesize the example app (examples/main.ts) into dist/',
  // No upgrade check: it calls the internet, which CI and offline machines do not have.
  steps: [{ exec: 'cdk8s synth --no-check-upgrade' }],
});

// `npm run crds:import`: regenerate imports/crds/*.yaml and imports/nvidia.com.ts from
// src/crds (offline: `cdk8s import` of local files). Not part of compile, on purpose.
project.addTask('crds:import', {
  description: 'Write the nvidia.com CRDs to imports/crds/ and regenerate the cdk8s import classes',
  steps: [{ exec: 'ts-node --project tsconfig.dev.json scripts/write-crds.ts' }],
});

// `npm run test:cluster`: the suite against a real kube-apiserver + etcd, built once
// from pinned Go modules into ~/.cache/dynamo-iac (see test/cluster/README.md).
project.addTask('test:cluster', {
  description: 'Build (once) kube-apiserver + etcd and run the real-cluster tests',
  steps: [
    { exec: 'bash test/cluster/build.sh' },
    { exec: 'jest --ci --config test/cluster/jest.config.js --runInBand', receiveArgs: true },
  ],
});
project.addTask('cluster:start', {
  description: 'Start a throwaway kube-apiserver + etcd and print its kubeconfig (Ctrl-C stops it)',
  steps: [{ exec: 'ts-node --project test/tsconfig.json test/cluster/start.ts' }],
});

// `npm run bench`: prints wall time and peak RSS; never asserts on time.
project.addTask('bench', {
  description: 'Render benchmarks: CLI path and cdk8s path against two baselines',
  // The bench compiles itself to plain JS so the measured processes carry no TypeScript compiler.
  steps: [{ exec: 'tsc -p bench/tsconfig.json' }, { exec: 'node .bench/bench/render.bench.js' }],
});

project.synth();
