// Builds the package people install: ESM plus one .d.ts that carries the @shop/domain types it exposes,
// so the packed tarball needs no workspace package (only TypeBox, which the domain types are written in).
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  clean: true,
  // Inline whatever the client takes from the domain package (types today; runtime bits too if any appear).
  noExternal: [/^@shop\/domain(\/|$)/],
  dts: {
    resolve: [/^@shop\/domain(\/|$)/],
    // The declaration bundler follows file paths, not the domain package's `./*` exports map.
    compilerOptions: { baseUrl: '.', rootDir: '..', paths: { '@shop/domain/*': ['../domain/src/*'] } },
  },
  tsconfig: 'tsconfig.build.json',
});
