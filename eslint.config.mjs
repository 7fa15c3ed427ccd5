// ESLint flat config: typescript-eslint's recommended rules over every TypeScript file we write.
// Prettier owns the layout (`npm run eslint` checks it first), so the stylistic rules are off.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

// The layers of src/, top first: a module imports only from its own layer or the ones below it.
const LAYERS = [
  ['cli', 'cdk8s', 'pulumi', 'operator'],
  ['pipeline', 'plan', 'gitops'],
  // The operator's install manifests: they use render's helpers; render never reaches up to them.
  ['platform'],
  ['render'],
  ['api'],
  ['crds'],
  ['output'],
];

/** For each layer, `no-restricted-imports` of every folder or file above it (`../plan`, `../../cli/x`). */
const layering = LAYERS.slice(1).map((layer, i) => {
  const above = LAYERS.slice(0, i + 1).flat();
  return {
    files: layer.flatMap((name) => [`src/${name}/**/*.ts`, `src/${name}.ts`]),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${above.join('|')})(/|$)`,
              message: `src/${layer.join(', src/')} may not import ${above.join(', ')}: imports point down the layers (eslint.config.mjs).`,
            },
          ],
        },
      ],
    },
  };
});

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
  {
    // Tests read back parsed YAML and API server replies: `any` is their data type, not a shortcut.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
