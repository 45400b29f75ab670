// The repo's rules, plus the import direction both apps follow (eslint/app-boundaries.mjs).
import root from '../../eslint.config.mjs';
import { appBoundaries } from '../../eslint/app-boundaries.mjs';

export default [...root, ...appBoundaries(import.meta.dirname, { shared: ['components', 'hooks', 'lib', 'store', 'config.ts', 'contacts.ts'] })];
