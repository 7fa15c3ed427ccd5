import { javascript, typescript } from 'projen';
import { OPERATOR_DEPENDENCIES } from './src/operator/dependencies';

/** The runtime operator's dependencies (optional peers; src/operator/dependencies.ts), as `name@range`. */
const OPERATOR_DEPS = Object.entries(OPERATOR_DEPENDENCIES).map(([name, range]) => `${name}@${range}`);

// The project is an application-style TypeScript package (not jsii): plain
// TypeScript types give us discriminated unions and index signatures that a
// Dynamo manifest needs, and we do not publish to other languages.
const project = new typescript.TypeScriptProject({
  name: 'dynamo-iac',
  description:
    'Build-time rendering of NVIDIA Dynamo inference graphs for Kubernetes: cdk8s constructs, Pulumi components and a CLI.',
  license: 'Apache-2.0',
  defaultReleaseBranch: 'main',
  projenrcTs: true,
  packageManager: javascript.NodePackageManager.NPM,
  minNodeVersion: '22.0.0',
  typescriptVersion: '~5.9.3',
  github: false,
  release: false,
  // typescript-eslint runs from our own flat config (eslint.config.mjs, ESLint 10) through the
  // `eslint` task below; projen's built-in component still writes the legacy .eslintrc format.
  eslint: false,
  // Formatting is prettier's job (one style, no review comments about it), 120 columns.
  prettier: true,
  prettierOptions: {
    settings: { printWidth: 120, singleQuote: true, trailingComma: javascript.TrailingComma.ALL },
    ignoreFileOptions: {
      ignorePatterns: [
        '/lib/',
        '/dist/',
        '/docs/api/',
        '/imports/',
        '/examples/',
        '/test-reports/',
        '/coverage/',
        '/.bench/',
        '*.md',
        '*.yaml',
        '*.yml',
        '*.json',
        '*.snap',
        '/test/**/fixtures/',
        '/test/**/__snapshots__/',
        // Generated: their generators' output is checked byte for byte.
        '/src/api/generated/',
        '/src/gitops/health/argo-health-scripts.ts',
      ],
    },
  },
  sampleCode: false,
  srcdir: 'src',
  libdir: 'lib',
  testdir: 'test',
  bin: { 'dynamo-iac': 'bin/dynamo-iac' },
  deps: [
    'cdk8s@^2.70.0',
    'constructs@^10.4.0',
    'yaml@^2.8.0',
    // Reads manifests ~5x faster than yaml, which still handles errors, aliases and directives
    // (src/api/parse.ts); also the baseline of the render benchmark.
    'js-yaml@^5.5.0',
    'commander@^14.0.0',
    'ajv@^8.17.0',
    // Core Kubernetes schemas (precompiled ajv validators) for pod content users pass through
    // podTemplate/extraPodSpec.
    'kubernetes-models@^5.1.0',
  ],
  // Pulumi is optional for users: the components load from `dynamo-iac/pulumi` only. Any 3.x / 4.x
  // release a user has today is accepted; the dev pins below are what the real-engine tests run.
  // The runtime operator's own dependencies are optional peers too (docs/operator-dependencies.md):
  // a cdk8s, Pulumi or CLI user never installs them (the Kubernetes client alone is ~65 MB); the
  // operator image installs them (Dockerfile, scripts/operator-package.cjs), and `dynamo-iac
  // operator` without them prints one line saying what to install (src/operator/dependencies.ts).
  peerDeps: ['@pulumi/pulumi@^3.140.0', '@pulumi/kubernetes@^4.18.0', ...OPERATOR_DEPS],
  peerDependencyOptions: { pinnedDevDependency: false },
  devDeps: [
    // Exactly the versions of the engine and provider binaries test:pulumi builds (the provider
    // plugin version must match the SDK's).
    '@pulumi/pulumi@3.259.0',
    '@pulumi/kubernetes@4.32.0',
    '@types/node@^24',
    'cdk8s-cli@^2.200.0',
    'cdk8s-plus-29@^2.6.0',
    'ts-node@^10.9.2',
    // Lint (eslint.config.mjs): ESLint 10 with typescript-eslint's recommended rules; prettier owns
    // the layout, so eslint-config-prettier turns the stylistic rules off.
    'eslint@^10.15.0',
    '@eslint/js@^10.0.1',
    'typescript-eslint@^8.73.0',
    'eslint-config-prettier@^10.1.8',
    // Build only: bundles the CLI and kubernetes-models' core/v1 validators in lib/ (scripts/bundle-*.mjs).
    'esbuild@^0.28.2',
    // Published schemas of third-party kinds we render, checked in tests.
    '@kubernetes-models/flux-cd@^4.0.0',
    '@kubernetes-models/prometheus-operator@^6.0.0',
    '@kubernetes-models/istio@^3.0.1',
    // The Argo CD health scripts' unit tests: a Lua VM (Argo runs gopher-lua) opened with only the
    // libraries Argo's sandbox opens, and a CEL evaluator for their Flux healthCheckExprs twins.
    'fengari@^0.1.5',
    '@marcbachmann/cel-js@^8.0.0',
    // docs/api/: the API reference, generated from the TSDoc as Markdown (browsable on any forge).
    'typedoc@^0.28.0',
    'typedoc-plugin-markdown@^4.9.0',
    // The operator's dependencies, for its tests and the image build.
    ...OPERATOR_DEPS,
  ],
  tsconfig: {
    compilerOptions: {
      // es2024.string: String.isWellFormed (Node >= 20), the lone-surrogate check of every parsed string.
      lib: ['es2023', 'es2024.string'],
      target: 'ES2023',
      // Node 20+ module semantics: CommonJS output that may require() ES-module-only packages
      // (@kubernetes/client-node 2, kubernetes-models 5), which Node >= 22.12 loads.
      module: 'node20',
      moduleResolution: javascript.TypeScriptModuleResolution.NODE16,
      // Every file compiles on its own, so ts-jest transpiles without type-checking
      // (tsc already type-checks everything once, before the tests).
      isolatedModules: true,
      // `@internal` keeps a type out of the API reference, not out of the declarations: the
      // public functions and constructs still name the internal model.
      stripInternal: false,
      skipLibCheck: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
      // No source maps in lib/: inline ones pointed into src/, which the package does not ship,
      // and were a quarter of the tarball. Stack traces of our own code name lib/ files.
      inlineSourceMap: false,
      inlineSources: false,
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
      testPathIgnorePatterns: ['/node_modules/', '/test/cluster/', '/test/plan-e2e/', '/test/pulumi-e2e/'],
    },
  },
  // Pulumi.<stack>.yaml: stack config that `pulumi stack init` writes next to a Pulumi.yaml (the
  // Pulumi end-to-end tests remove theirs; a developer's own stacks stay out of git).
  gitignore: [
    // A worktree's node_modules is often a symlink, which the directory pattern `node_modules/` does not match.
    '/node_modules',
    '/dist/',
    '/.bench/',
    'cdk8s.out/',
    '/.ci-go-build.log',
    'Pulumi.*.yaml',
  ],
});

// jest 30 resolves modules with unrs-resolver, which has one optional package per platform. Some
// platforms' packages of its newest release (1.13.0) are not served yet, and npm then leaves
// every missing one out of package-lock.json, which makes `npm ci` refuse the lock file. 1.12.2
// has all of them.
project.addFields({ overrides: { 'unrs-resolver': '1.12.2' } });

// npm's install-script policy (package.json `allowScripts`, advisory in npm 11, enforced in 12).
// @pulumi/kubernetes' script downloads the provider plugin from Pulumi's servers: the real-engine
// tests install the plugin they build instead. protobufjs' only checks its CLI's dependencies.
// unrs-resolver and @parcel/watcher only build from source when no prebuilt binary fits.
// esbuild's only checks the binary that its per-platform optional package already holds.
project.addFields({
  allowScripts: {
    '@pulumi/kubernetes': false,
    protobufjs: false,
    'unrs-resolver': true,
    '@parcel/watcher': true,
    esbuild: false,
  },
});
project.addDevDeps('jest@^30.2.0', '@types/jest@^30.0.0', 'ts-jest@^29.4.15', 'jest-util@^30.2.0');

// Examples and benchmarks run with ts-node against the sources; they live outside
// src/ (so rootDir differs) but share the compiler options.
new javascript.TypescriptConfig(project, {
  fileName: 'tsconfig.dev.json',
  extends: javascript.TypescriptConfigExtends.fromPaths(['./tsconfig.json']),
  include: ['src/**/*.ts', 'examples/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts'],
  compilerOptions: { rootDir: '.', noEmit: true },
});

// lib/ is what the dynamo-iac bin and the package run: tsc's output plus what the build generates
// from it. The CRD schema validators (no schema is compiled at run time;
// src/api/validate/crd-validators-build.ts; test/api/validate/crd-validators.test.ts fails when lib/ holds stale
// ones), and the CLI as one bundle split into an entry per command and shared chunks (bin/dynamo-iac
// starts lib/cli/main.bundle.js; ~25% faster cold starts; no module in two files).
const generateLib = project.addTask('compile:generate', {
  description: "Generate the precompiled validators and bundles in lib/ from tsc's output",
  steps: [{ exec: 'node lib/api/validate/crd-validators-build.js' }, { exec: 'node scripts/bundle-cli.mjs' }],
});
project.compileTask.spawn(generateLib);

// lib/ is built on `npm ci` / `npm install` (npm runs `prepare` there, never for a registry
// install), so `npx dynamo-iac` works right after the README's first command. Emit only: type
// errors are `npm test`'s job, and skipping the check makes this step ~40% cheaper.
project.addTask('prepare', {
  description: 'Build lib/ (emit only) so the dynamo-iac bin works after npm ci',
  steps: [{ exec: 'tsc --build --noCheck' }, { spawn: generateLib.name }],
});

// `npm test` type-checks everything exactly once (src, tests with their `@ts-expect-error` type
// tests, examples, bench, scripts), then brings lib/ up to date for the CLI tests without a second
// check, then runs jest (ts-jest only transpiles: isolatedModules).
// Then jest in two phases, the fast suites first (test/jest.phases.js says which are slow and why).
// `npm run eslint`: prettier's layout check, then typescript-eslint; zero warnings allowed.
const eslint = project.addTask('eslint', {
  description: 'Check the layout (prettier) and lint (typescript-eslint); zero warnings',
  steps: [
    { exec: 'prettier --check --log-level warn .' },
    { exec: 'eslint --max-warnings 0 --cache --cache-location node_modules/.cache/eslint/', receiveArgs: true },
  ],
});
project.addTask('format', {
  description: 'Rewrite every source file in the house layout (prettier) and apply eslint --fix',
  steps: [{ exec: 'prettier --write --log-level warn .' }, { exec: 'eslint --fix' }],
});
const jestStep = project.testTask.steps.findIndex((step) => step.execArgs?.[0] === 'jest');
project.testTask.removeStep(jestStep);
project.testTask.exec('tsc -p tsconfig.dev.json', { name: 'type-check' });
project.testTask.spawn(eslint);
project.testTask.exec('tsc --build --noCheck', { name: 'build lib/ for the CLI tests' });
project.testTask.spawn(generateLib);
for (const phase of ['fast', 'slow']) {
  project.testTask.exec(`jest --ci --passWithNoTests --config test/jest.${phase}.config.js`, {
    name: `jest: ${phase} suites`,
    receiveArgs: true,
  });
}
// `npm run test:package` (CI): lib/*.d.ts type-checked as a user's project under node10 (what
// `cdk8s init` makes, without skipLibCheck) and node16; needs lib/.
project.addTask('test:package', {
  description: "The package's declarations type-checked as a user's project (needs lib/)",
  steps: [
    { exec: 'tsc --build --noCheck' },
    { exec: 'jest --ci --passWithNoTests --config test/jest.package.config.js', receiveArgs: true },
  ],
});
// `npm run test:fast`: the fast suites alone (no type-check, no lib/), for a quick loop.
project.addTask('test:fast', {
  description: 'The fast jest suites only (no type-check; see test/jest.phases.js)',
  steps: [{ exec: 'jest --ci --passWithNoTests --config test/jest.fast.config.js', receiveArgs: true }],
});

// jest runs CommonJS tests in vm contexts; require() of an ES module (@kubernetes/client-node,
// kubernetes-models) needs Node's vm modules there (jest 30, Node >= 24.9).
const JEST_NODE_OPTIONS = '--experimental-vm-modules --disable-warning=ExperimentalWarning';
for (const name of ['test', 'test:fast', 'test:package', 'test:update', 'test:watch'])
  project.tasks.tryFind(name)?.env('NODE_OPTIONS', JEST_NODE_OPTIONS);

// Three doors: `dynamo-iac` (the cdk8s constructs), `dynamo-iac/pulumi` (so cdk8s-only users never
// load Pulumi) and `dynamo-iac/core` (the render functions, for tools).
project.addFields({
  exports: {
    '.': { types: './lib/index.d.ts', default: './lib/index.js' },
    './pulumi': { types: './lib/pulumi/index.d.ts', default: './lib/pulumi/index.js' },
    './core': { types: './lib/core.d.ts', default: './lib/core.js' },
    './package.json': './package.json',
  },
  typesVersions: { '*': { pulumi: ['lib/pulumi/index.d.ts'], core: ['lib/core.d.ts'] } },
});

project.addFields({
  peerDependenciesMeta: Object.fromEntries(
    ['@pulumi/pulumi', '@pulumi/kubernetes', ...OPERATOR_DEPS.map((d) => d.slice(0, d.lastIndexOf('@')))].map((n) => [
      n,
      { optional: true },
    ]),
  ),
});

// imports/ (our CRDs as YAML, which a test compares with src/crds) is not shipped. The CRDs
// themselves ship as `crdManifests()`, `dynamo-iac crds`, DynamoPlatform and DynamoCrds.
// pulumi-plugin: the components as the multi-language Pulumi package (pulumi package add <its path>).
project.addFields({ files: ['lib', 'bin', 'README.md', 'docs', 'pulumi-plugin'] });

// The published package.json carries no development fields (scripts, devDependencies, jest, npm
// settings of this checkout): stripped while npm packs, restored after (scripts/package-json.cjs).
project.addTask('prepack', {
  description: 'Strip the development fields from package.json while npm packs (restored by postpack)',
  steps: [{ exec: 'node scripts/package-json.cjs strip' }],
});
project.addTask('postpack', {
  description: 'Restore package.json after npm pack',
  steps: [{ exec: 'node scripts/package-json.cjs restore' }],
});

// `npm run synth`: the example app into dist/. It runs the app command of cdk8s.yaml (which
// `cdk8s synth` runs too) without the cdk8s CLI around it (~1 s of start-up), transpiled without
// type-checking (scripts/run-ts.cjs; tsc and the tests type-check): ~15 s -> ~2 s.
project.addTask('synth', {
  description: 'Synthesize the example app (examples/main.ts) into dist/',
  steps: [{ exec: 'node --require ./scripts/run-ts.cjs examples/main.ts' }],
});

// `npm run crds:import`: regenerate imports/crds/*.yaml from src/crds. No `cdk8s import` classes:
// nothing used them, and the kinds' typed input is declared once, in src/api. Not part of compile.
project.addTask('crds:import', {
  description: 'Write the nvidia.com CRDs to imports/crds/',
  steps: [{ exec: 'ts-node --project tsconfig.dev.json scripts/write-crds.ts' }],
});

// `npm run core-v1-types`: regenerate src/api/generated/core-v1-types.ts (the typed pod content of the
// props) from the installed kubernetes-models, after upgrading it. A test fails when it is stale.
project.addTask('core-v1-types', {
  description: 'Regenerate src/api/generated/core-v1-types.ts from kubernetes-models',
  steps: [{ exec: 'ts-node --transpile-only --project tsconfig.dev.json scripts/core-v1-types.ts' }],
});

// `npm run health-scripts`: regenerate src/gitops/health/argo-health-scripts.ts (the Argo CD Lua
// health checks the package ships) from src/gitops/health/resource_customizations/. A test fails when it is stale.
project.addTask('health-scripts', {
  description: 'Regenerate src/gitops/health/argo-health-scripts.ts from the Argo CD health checks (.lua)',
  steps: [{ exec: 'ts-node --transpile-only --project tsconfig.dev.json scripts/health-scripts.ts' }],
});

// `npm run docs:api`: docs/api/, the API reference (Markdown, from the TSDoc; typedoc.json).
// `npm run docs:api:check` regenerates it aside and fails when the committed one differs (CI).
project.addTask('docs:api', {
  description: 'Regenerate the API reference in docs/api/ from the TSDoc',
  steps: [{ exec: 'typedoc --logLevel Warn' }],
});
project.addTask('docs:api:check', {
  description: 'Fail when docs/api/ is not what `npm run docs:api` generates',
  steps: [{ exec: 'bash scripts/check-api-docs.sh' }],
});

// `npm run test:cluster`: the suite against a real kube-apiserver + etcd, built once
// from pinned Go modules into ~/.cache/dynamo-iac (see test/cluster/README.md).
project.addTask('test:cluster', {
  description: 'Build (once) kube-apiserver + etcd and run the real-cluster tests',
  env: { NODE_OPTIONS: JEST_NODE_OPTIONS },
  steps: [
    // lws: the LeaderWorkerSet controller for lws.test.ts (~1½ min cold, from the cluster group's Go cache).
    { exec: 'bash test/infra/build.sh cluster lws' },
    { exec: 'jest --ci --config test/cluster/jest.config.js --runInBand', receiveArgs: true },
  ],
});
// `npm run core-v1-fields`: regenerate src/api/generated/core-v1-fields.ts (the core/v1 field tree synth-time
// validation walks) from the test cluster's kube-apiserver, after a Kubernetes bump. The generator is
// scripts/core-v1-fields.ts; the cluster test core-v1-fields.test.ts writes the file with this env.
project.addTask('core-v1-fields', {
  description: "Regenerate src/api/generated/core-v1-fields.ts from the test cluster's kube-apiserver OpenAPI",
  env: { NODE_OPTIONS: JEST_NODE_OPTIONS, UPDATE_CORE_V1_FIELDS: '1' },
  steps: [
    { exec: 'bash test/infra/build.sh cluster' },
    { exec: 'jest --ci --config test/cluster/jest.config.js --runInBand test/cluster/core-v1-fields.test.ts' },
  ],
});
// `npm run test:plan`: the real SLA search (aiconfigurator from PyPI in a venv under
// ~/.cache/dynamo-iac, installed on first use) reproduces the committed example plan.
project.addTask('test:plan', {
  description:
    'Run the real SLA search (installs aiconfigurator once into ~/.cache/dynamo-iac) and compare with the committed example plan',
  env: { NODE_OPTIONS: JEST_NODE_OPTIONS },
  steps: [
    { spawn: 'compile' },
    { exec: 'jest --ci --config test/plan-e2e/jest.config.js --runInBand', receiveArgs: true },
  ],
});
// `npm run test:conformance`: upstream Dynamo's own files and controller golden tests
// (third_party/dynamo-upstream, read-only) through the render pipeline, in one process; prints
// `conformance: files as upstream takes them N/M; golden fields matching X/Y` (test/conformance).
project.jest!.addIgnorePattern('/test/conformance/suite/');
project.addTask('test:conformance', {
  description:
    "Upstream Dynamo's files and controller golden tests through the render pipeline (reads ../shared/third_party)",
  env: { NODE_OPTIONS: JEST_NODE_OPTIONS },
  steps: [{ exec: 'jest --ci --config test/conformance/jest.config.js --runInBand', receiveArgs: true }],
});
// `npm run test:argo`: Argo CD's own application controller and repo server (with Redis from
// Debian's packages) reconcile the repository `dynamo-iac gitops --argocd-url` writes, from a
// file:// Git repository, on the test cluster (test/argo; docs/gitops-argocd.md).
project.jest!.addIgnorePattern('/test/argo/');
project.addTask('test:argo', {
  description: 'Build (once) Argo CD, Redis, kustomize + the test cluster and run the Argo CD suite',
  env: { NODE_OPTIONS: JEST_NODE_OPTIONS },
  steps: [
    { spawn: 'compile' },
    { exec: 'bash test/infra/build.sh cluster argo kustomize' },
    { exec: 'jest --ci --config test/argo/jest.config.js --runInBand', receiveArgs: true },
  ],
});

// `npm run test:flux`: Flux's own kustomize-controller reconciles the repository `dynamo-iac gitops`
// writes, on the test cluster (test/flux; docs/gitops-flux.md). Its own script: it needs the Flux
// build (Go 1.27, ~4 min once on an idle machine) that the cluster suite does not, and the built CLI.
project.jest!.addIgnorePattern('/test/flux/');
project.addTask('test:flux', {
  description: "Build (once) Flux's kustomize-controller + the test cluster and run the Flux suite",
  env: { NODE_OPTIONS: JEST_NODE_OPTIONS },
  steps: [
    { spawn: 'compile' },
    { exec: 'bash test/infra/build.sh cluster flux' },
    { exec: 'jest --ci --config test/flux/jest.config.js --runInBand', receiveArgs: true },
  ],
});
// `npm run test:pulumi`: the example program (Pulumi.yaml) through the real Pulumi CLI, Node.js
// language host and Kubernetes provider, built once from ../shared/third_party into
// ~/.cache/dynamo-iac, against the test cluster; offline (file backend, plugin from a file).
project.addTask('test:pulumi', {
  description:
    'Build (once) the test cluster and the Pulumi CLI, language host and Kubernetes provider; run the real-engine tests',
  env: { NODE_OPTIONS: JEST_NODE_OPTIONS },
  steps: [
    { exec: 'bash test/infra/build.sh cluster pulumi pulumilangs' },
    // The README walkthrough test packs the package: lib/ must be current.
    { spawn: 'compile' },
    { exec: 'jest --ci --config test/pulumi-e2e/jest.config.js --runInBand', receiveArgs: true },
  ],
});
// `npm run test:e2e`: the real single-node Kubernetes (test/node) runs graphs rendered by every
// front end with the real Dynamo runtime, and the operator as a pod; test/e2e/run.sh builds the
// node and its images once, starts the node, runs the suite inside its network namespace, stops it.
project.jest!.addIgnorePattern('/test/e2e/');
project.addTask('test:e2e', {
  description:
    'Build (once) the real node and its images; run graphs and the operator on it with the real Dynamo runtime',
  env: { NODE_OPTIONS: JEST_NODE_OPTIONS },
  steps: [{ spawn: 'compile' }, { exec: 'bash test/e2e/run.sh', receiveArgs: true }],
});
project.addTask('cluster:start', {
  description: 'Start a throwaway kube-apiserver + etcd and print its kubeconfig (Ctrl-C stops it)',
  steps: [{ exec: 'ts-node --project test/tsconfig.json test/cluster/start.ts' }],
});
// `npm run operator-image -- OUT.tar`: the operator image without Docker, as an OCI archive to push
// (README "The operator image"); the e2e suite's image build, run as a user command. Needs root.
project.addTask('operator-image', {
  description: 'Build the runtime operator image without Docker into an OCI archive: npm run operator-image -- OUT.tar',
  steps: [{ exec: 'bash scripts/operator-image.sh', receiveArgs: true }],
});
// `npm run node:start` / `node:stop`: a real single-node cluster (kubelet, containerd, kube-proxy,
// CoreDNS) in a network namespace of its own, for the e2e suite (test/node/README.md). Needs root.
project.addTask('node:start', {
  description:
    'Start the real single-node test cluster in its own network namespace (builds its binaries once); run commands in it with test/node/exec.sh',
  steps: [{ exec: 'bash test/node/node.sh start' }],
});
project.addTask('node:stop', {
  description: 'Stop the test node and remove everything it made; check the host is as before',
  steps: [{ exec: 'bash test/node/node.sh stop' }],
});

// `npm run bench`: prints wall time and peak RSS; never asserts on time.
project.addTask('bench', {
  description:
    'Benchmarks: CLI cold starts, 1,000 graphs, synth and the cdk8s path against baselines; then the operator',
  steps: [
    // The CLI runs measured are the built ones (bin/dynamo-iac -> lib/).
    { spawn: 'compile' },
    // The bench compiles itself to plain JS so the measured processes carry no TypeScript
    // compiler, with the same generated validators as lib/.
    { exec: 'tsc -p bench/tsconfig.json' },
    { exec: 'node lib/api/validate/crd-validators-build.js .bench/src/api/crd-validators' },
    { exec: 'node .bench/bench/render.bench.js' },
  ],
});

project.synth();
