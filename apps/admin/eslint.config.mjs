// The repo's rules, plus the import direction both apps follow (eslint/app-boundaries.mjs).
import root from '../../eslint.config.mjs';
import { appBoundaries } from '../../eslint/app-boundaries.mjs';

export default [
  ...root,
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  ...appBoundaries(import.meta.dirname, { shared: ['components', 'lib', 'config.ts'] }),
];
