/**
 * React Router in the build as its authors mean it for production, which its package does not give a bundler
 * (react-router issue 14102): about 2 kB (brotli) off the entry chunk, the home page's first-load budget.
 * - Its `exports` name only `dist/development`, whose dev warnings (`ENABLE_DEV_WARNINGS = true`) and their texts land in
 *   the entry; the package's own `dist/production` build, the same code with them off, is used instead.
 * - Its top-level `forwardRef`, `memo` and `createContext` calls carry no `@__PURE__` mark, and its components get a
 *   `displayName` (for React's dev tools) at the top level, so the bundler keeps what the shop never uses: `<Form>`,
 *   `useSubmit`, the data router's `<DataRoutes>` and what they reach. Marked pure and without the names (nothing
 *   reads them outside React's dev tools), those go; what the shop uses is the same code as before.
 * Build only (the server render too, so both draw from the same code); tests and the dev server keep the development
 * build and its warnings. Both rewrites keep every line where it was, so a line map keeps source maps right.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const packageDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const PRODUCTION_ENTRY = join(packageDir, 'dist/production/index.mjs');
const IN_PACKAGE = /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

export function reactRouterProduction(): Plugin {
  return {
    name: 'shop:react-router-production',
    apply: 'build',
    enforce: 'pre',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: PRODUCTION_ENTRY }] } }),
    transform(code, id) {
      if (!IN_PACKAGE.test(id)) return null;
      const out = code
        .replace(/= (React\d*)\.(forwardRef|memo|createContext)\(/g, '= /* @__PURE__ */ $1.$2(')
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
      if (out === code) return null;
      const lines = code.split('\n').length;
      return { code: out, map: { version: 3, sources: [id], names: [], mappings: 'AAAA' + ';AACA'.repeat(lines - 1) } };
    },
  };
}
