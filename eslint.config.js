// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports flow one way. web -> common, server -> common, never across. */
const forbid = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});
/** One rule, several groups (a later config block's no-restricted-imports replaces an earlier one's). */
const forbidAll = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});
const webGroup = [['node:*', '**/server/**'], 'web/ runs in the browser: share code through common/.'];
// web/app is the router and the shell, above everything else in web/: what a screen needs of the API client, the
// stored session or the app's paths lives in web/shared.
const featureGroup = [
  ['../*/**', '!../../**'],
  'A feature imports no other feature folder: move the shared piece to web/ui or web/shared.',
];
const sharedGroup = [['**/features/**'], 'web/ui and web/shared serve every feature and import none.'];
const appGroup = [['**/app/*', '!**/shared/**'], 'web/app is the router and shell: import web/shared, not web/app.'];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.data/', 'coverage/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.server.json', './tsconfig.web.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'error',
      eqeqeq: ['error', 'always'],
      // Fastify plugins and handlers are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node, parserOptions: { project: false } },
  },
  {
    // Scripts the service worker imports (public/push-sw.js): a worker's globals, not Node's.
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['common/**/*.ts'],
    rules: forbid(
      ['node:*', '**/server/**', '**/web/**', 'react', 'react-*'],
      'common/ is isomorphic: no Node, DOM, server or web imports.',
    ),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // React Router's loaders redirect by throwing a Response.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      ...forbid(['node:*', '**/server/**'], 'web/ runs in the browser: share code through common/.'),
    },
  },
  {
    // A feature folder never imports another one (web/features/A -> web/features/B). What two
    // features need goes to web/ui (components, formatting) or web/shared (a resource's queries and API calls,
    // the current user, transaction rows); a screen of B's data shown by A belongs to B.
    files: ['web/features/**/*.{ts,tsx}'],
    rules: forbidAll(webGroup, featureGroup, appGroup),
  },
  {
    files: ['web/ui/**/*.{ts,tsx}', 'web/shared/**/*.{ts,tsx}'],
    rules: forbidAll(webGroup, sharedGroup, appGroup),
  },
  {
    // A component test may render the whole app (its router and root loader) around the screen it checks.
    files: ['web/features/**/*.test.{ts,tsx}'],
    rules: forbidAll(webGroup, featureGroup),
  },
  {
    files: ['web/ui/**/*.test.{ts,tsx}', 'web/shared/**/*.test.{ts,tsx}'],
    rules: forbidAll(webGroup, sharedGroup),
  },
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: forbid(['**/web/**', 'react', 'react-*'], 'server/ never imports the web app: share code through common/.'),
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      // Tests read parsed JSON bodies loosely on purpose; the assertions are the type check.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['web/**/*.test.{ts,tsx}'],
    rules: {
      // Vitest's wait gives up after a fixed second; Testing Library's takes the timeout the web setup sets for a
      // tier that runs beside ESLint and the builds on two cores (a lazy catalogue has arrived after more than 1 s).
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'waitFor',
          message: 'Use waitFor from @testing-library/react (its timeout is the setup’s).',
        },
      ],
    },
  },
);
