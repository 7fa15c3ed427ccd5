// ESLint flat config: typescript-eslint's recommended rules over every TypeScript file we write.
// Prettier owns the layout (`npm run eslint` checks it first), so the stylistic rules are off.
import * as fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

// The layers of src/, top first: a module imports only from its own layer or the ones below it.
const LAYERS = [
  ['cli', 'cdk8s', 'pulumi', 'operator'],
  ['pipeline', 'plan', 'gitops'],
  ['kinds'],
  // The operator's install manifests: they use render's helpers; render never reaches up to them.
  ['platform'],
  ['render'],
  ['api'],
  ['crds'],
  ['output'],
];

/** For each layer, the `no-restricted-imports` pattern of every folder or file above it (`../plan`, `../../cli/x`). */
const layerPattern = (layer, i) => {
  const above = LAYERS.slice(0, i + 1).flat();
  return {
    regex: `^(\\.\\./)+(${above.join('|')})(/|$)`,
    message: `src/${layer.join(', src/')} may not import ${above.join(', ')}: imports point down the layers (eslint.config.mjs).`,
  };
};
const layering = LAYERS.slice(1).map((layer, i) => ({
  files: layer.flatMap((name) => [`src/${name}/**/*.ts`, `src/${name}.ts`]),
  rules: { 'no-restricted-imports': ['error', { patterns: [layerPattern(layer, i)] }] },
}));

// Each Dynamo kind's folder (src/kinds/<kind>/) imports no other kind's folder: what kinds share
// lives below them (render, api), and the pipeline reaches every kind through src/kinds/registry.ts.
const KIND_FOLDERS = fs
  .readdirSync(new URL('./src/kinds/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const kindsLayer = LAYERS.findIndex((layer) => layer.includes('kinds'));
const kindFolders = KIND_FOLDERS.map((kind) => ({
  files: [`src/kinds/${kind}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          // Flat config replaces a rule's options per file: the layer's pattern is repeated here.
          layerPattern(LAYERS[kindsLayer], kindsLayer - 1),
          {
            regex: `^\\.\\./(\\.\\./)?(kinds/)?(${KIND_FOLDERS.filter((k) => k !== kind).join('|')}|registry)(/|$)`,
            message: `src/kinds/${kind}/ may not import another kind's folder or the registry: a kind stands alone; what kinds share lives in src/render or src/api (eslint.config.mjs).`,
          },
        ],
      },
    ],
  },
}));

// The pipeline reaches a kind through the registry only, never into a kind's folder.
const pipelineLayer = LAYERS.findIndex((layer) => layer.includes('pipeline'));
const pipelineThroughRegistry = {
  files: ['src/pipeline/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          layerPattern(LAYERS[pipelineLayer], pipelineLayer - 1),
          {
            regex: `^\\.\\./kinds/(${KIND_FOLDERS.join('|')})(/|$)`,
            message:
              'src/pipeline reaches the kinds through src/kinds/registry.ts, not into a kind folder (eslint.config.mjs).',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    // Generated files are checked against their generators instead (src/api/generated/).
    ignores: [
      'src/api/generated/**',
      'lib/',
      'dist/',
      'docs/api/',
      'imports/',
      'coverage/',
      'test-reports/',
      '.bench/',
      'cdk8s.out/',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter or binding kept for its position or its type.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // A command loads the modules it needs when it runs (`require(...) as typeof import(...)`), so
      // `--help` and `render` start without the render core, cdk8s or Pulumi (docs: performance).
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  ...layering,
  ...kindFolders,
  pipelineThroughRegistry,
  {
    // Tests read back parsed YAML and API server replies: `any` is their data type, not a shortcut.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
