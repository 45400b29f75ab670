/**
 * The import direction both React apps follow (bulletproof-react): shared code (components, lib, config, ...) ->
 * features -> app. A feature never imports another feature; shared code imports neither a feature nor the app; and
 * no module imports itself back through a chain of imports (a cycle). Type-only imports may cross: they vanish
 * from the build.
 *
 *   export default [...root, ...appBoundaries(import.meta.dirname, { shared: ['components', 'lib', 'config.ts'] })];
 *
 * Every folder under src/features is a feature, so a new one is covered without touching this list.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * @param {string} appDir the app's folder (its eslint.config.mjs's `import.meta.dirname`)
 * @param {{ shared: string[] }} options the folders and files under src that every layer may use
 */
export function appBoundaries(appDir, { shared }) {
  const src = join(appDir, 'src');
  const features = readdirSync(join(src, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    {
      files: ['src/**/*.{ts,tsx}'],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
        // The files no-cycle reads to follow imports (by default only .js): without .ts/.tsx it sees no cycle.
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      },
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: src,
            zones: [
              ...features.map((feature) => ({
                target: `./features/${feature}`,
                from: './features',
                except: [`./${feature}`],
                message: 'Features do not import each other; move what both need to shared code (components, lib).',
              })),
              { target: './features', from: './app', message: 'Features do not import from src/app; the app composes them.' },
              {
                target: shared.map((path) => `./${path}`),
                from: ['./features', './app'],
                message: 'Shared code imports neither features nor src/app.',
              },
            ],
          },
        ],
        // Only the app's own modules: the workspace packages are built (dist) and checked in their own lint.
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
  ];
}
