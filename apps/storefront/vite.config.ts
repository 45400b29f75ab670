/// <reference types="vitest/config" />
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { brandName } from '@shop/domain/brand';
import { reactRouterProduction } from './vite-react-router-prod';
import { routeModules } from './vite-route-modules';

/** The body text's fonts: preloaded so the first paint does not wait for the CSS to name them (nor swap late). */
const PRELOADED_FONTS = /^assets\/nunito-sans-latin-(400|700)-normal-[\w-]+\.woff2$/;

/**
 * The shell's CSS (theme, layout, fonts: about 3 kB compressed) goes inline into index.html instead of a
 * render-blocking request; each page's own CSS still comes with its chunk. The body fonts are preloaded.
 */
function inlineShellCss(): Plugin {
  return {
    name: 'shop:inline-shell-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        let out = html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          if (!asset || asset.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style>`;
        });
        const fonts = Object.keys(bundle).filter((f) => PRELOADED_FONTS.test(f));
        const preloads = fonts.map((f) => `<link rel="preload" as="font" type="font/woff2" href="/${f}" crossorigin>`).join('\n    ');
        out = out.replace('</title>', `</title>\n    ${preloads}`);
        return out;
      },
    },
  };
}

// The dev server talks to a local API (`pnpm --filter @shop/server dev`, port 3000).
const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild, mode }) => ({
  base: '/',
  // The server lists a page's files from the manifest and the route map routeModules writes beside it.
  plugins: [reactRouterProduction(), react(), inlineShellCss(), routeModules('src/app/router.tsx')],
  // The server render (src/entry-server.tsx, `vite build --ssr`) is one self-contained file in dist/.ssr, which the
  // API server imports at run time; a dot directory, so it is never served as a static file.
  ssr: { noExternal: true },
  define: {
    // BRAND_NAME (the server's variable too) reaches the app as VITE_BRAND_NAME, read by src/config.ts alone, and
    // index.html as %VITE_BRAND_NAME%.
    'import.meta.env.VITE_BRAND_NAME': JSON.stringify(brandName({ ...loadEnv(mode, process.cwd(), ''), ...process.env })),
    // The server render is a production build whatever NODE_ENV the server runs with: React's development build
    // renders several times slower and warns on the server's console.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  build: isSsrBuild
    ? { outDir: 'dist/.ssr', emptyOutDir: true, target: 'node20', minify: false, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // The API server reads the manifest to list each page's JS and CSS in its document (with the route map of
        // vite-route-modules.ts), scripts/report-size.mjs to weigh what the home page loads first.
        manifest: true,
        // Every browser the shop supports knows modulepreload; the polyfill would only weigh on the entry chunk.
        modulePreload: false,
        target: 'es2022',
        // terser squeezes a few more kB than esbuild out of the entry chunk (the size budget).
        minify: 'terser',
        terserOptions: { module: true, ecma: 2020, compress: { passes: 2, ecma: 2020 }, format: { comments: false, ecma: 2020 } },
      },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/uploads': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Above the 30 s findBy/waitFor limit of src/testing/setup-tests.ts, for a test with a slow first wait and more after it.
    testTimeout: 90_000,
  },
}));
