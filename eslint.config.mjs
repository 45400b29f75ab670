import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The server's modules each have a front door (modules/<name>/index.ts): other modules, app.ts, services.ts and the
 * plugins import a module only through it, so what a module offers is listed in one file. A module's own files (its
 * tests included) import each other freely. Tests may reach into any module (fixtures, constants of the text they check).
 */
const SERVER_TESTS = ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*.scenarios.ts', 'apps/server/src/**/test-fixtures.ts'];
const FRONT_DOOR_MESSAGE = "Import another server module through its front door ('<module>/index.js'), not one of its files.";

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/drizzle/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Inside modules/<one>/: `../<other>/<file>.js` is a deep import; `../<other>/index.js` and `../../lib/...` are not.
    files: ['apps/server/src/modules/*/*.ts'],
    ignores: SERVER_TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.js$)', message: FRONT_DOOR_MESSAGE }] },
      ],
    },
  },
  {
    // Outside modules/ (app.ts, services.ts, plugins, lib): `modules/<x>/` only as `modules/<x>/index.js`.
    files: ['apps/server/src/**/*.ts'],
    ignores: [...SERVER_TESTS, 'apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/[^/]+/(?!index\\.js$)', message: FRONT_DOOR_MESSAGE }] },
      ],
    },
  },
);
