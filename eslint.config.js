import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Outside the engine, code imports it only through its doors (ADR 0014): index.ts, the whole
// surface; types.ts, the vocabulary; light.ts, what is cheap to load at start-up; and the parts
// loaded lazily so a process loads only what it runs (ADR 0012). Any other engine module is
// internal. bench/, scripts/ and test/ measure and check the internals, so they may reach in.
const ENGINE_DOORS = [
  'index',
  'types',
  'light',
  'fetch-snapshot',
  'scan-snapshot',
  'scan-files',
  'sarif',
  'guarded-fetch',
  'pin',
];
const ENGINE_INTERNALS = {
  group: ['**/engine/**', ...ENGINE_DOORS.map((door) => `!**/engine/${door}.js`)],
  message:
    'Import the engine through its doors (src/engine/index.ts, types.ts, light.ts, or a lazily loaded part): see ADR 0014.',
};
// no-restricted-imports does not look at import(): the same doors for dynamic imports.
const ENGINE_INTERNALS_DYNAMIC = {
  // esquery's regular expressions cannot hold a slash: \x2F stands for one.
  selector:
    'ImportExpression[source.value=/\\x2Fengine\\x2F/]' +
    `:not([source.value=/\\x2Fengine\\x2F(${ENGINE_DOORS.join('|')})\\.js$/])`,
  message: ENGINE_INTERNALS.message,
};
const OUTSIDE_THE_ENGINE = { files: ['src/**/*.ts'], ignores: ['src/engine/**'] };
// Tests outside the engine may also build their inputs with the engine's test fixtures
// (archives, snapshots): test-support modules, never shipped code.
const ENGINE_INTERNALS_FOR_TESTS = {
  regex: `/engine/(?!(?:${ENGINE_DOORS.join('|')})\\.js$)(?!.*/test-support/)`,
  message: ENGINE_INTERNALS.message,
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      '.tmp/**',
      'bin/**',
      'eslint.config.js',
      'scripts/**/*.mjs',
      'test/fixtures/**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: [
                'describe',
                'it',
                'test',
                'before',
                'after',
                'beforeEach',
                'afterEach',
                'suite',
              ],
            },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    ...OUTSIDE_THE_ENGINE,
    rules: {
      'no-restricted-imports': ['error', { patterns: [ENGINE_INTERNALS] }],
      'no-restricted-syntax': ['error', ENGINE_INTERNALS_DYNAMIC],
    },
  },
  {
    files: ['src/**/*.test.ts'],
    ignores: ['src/engine/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [ENGINE_INTERNALS_FOR_TESTS] }],
    },
  },
  {
    // The engine is pure: it never imports the service, the store, the queue or the jobs.
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/service/**',
                '**/store/**',
                '**/queue/**',
                '**/jobs/**',
                '**/cli/**',
                '**/reports/**',
              ],
              message:
                'The engine imports nothing from the service, store, queue, jobs, reports or cli.',
            },
          ],
        },
      ],
    },
  },
  {
    // Parsers parse: inputs/ turns bytes into typed trees and facts, and never runs the rules.
    // Code analysis (parse, then rules) is the room above it, src/engine/analyse-code/.
    files: ['src/engine/inputs/**/*.ts'],
    ignores: ['src/engine/inputs/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/service/**',
                '**/store/**',
                '**/queue/**',
                '**/jobs/**',
                '**/cli/**',
                '**/reports/**',
                '**/rules/**',
                '**/analyse-code/**',
                '**/scan-snapshot.js',
                '**/scan-files.js',
              ],
              message:
                'inputs/ only parses: the rules and code analysis sit above it (src/engine/analyse-code/).',
            },
          ],
        },
      ],
    },
  },
  {
    // The plan policy sits below the service and the jobs, which both read it.
    files: ['src/plans.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/service/**', '**/jobs/**', '**/cli/**', '**/engine/**', '**/reports/**'],
              message: 'The plan policy sits below the service, the jobs and the reports.',
            },
          ],
        },
      ],
    },
  },
  {
    // Reports are their own part: the service and the jobs call them; they read the engine's
    // types, the plan policy and the store's types, and never the service, jobs, queue or cli.
    files: ['src/reports/**/*.ts'],
    ignores: ['src/reports/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/service/**', '**/jobs/**', '**/cli/**', '**/queue/**'],
              message: 'reports/ is called by the service and the jobs and never imports them.',
            },
            ENGINE_INTERNALS,
          ],
        },
      ],
    },
  },
  {
    files: ['src/store/**/*.ts', 'src/queue/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/service/**', '**/jobs/**', '**/cli/**', '**/reports/**'],
              message: 'store and queue sit below jobs, reports and service.',
            },
            ENGINE_INTERNALS,
          ],
        },
      ],
    },
  },
);
