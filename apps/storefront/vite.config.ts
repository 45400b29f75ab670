/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server talks to a local API (`pnpm --filter @shop/server dev`, port 3000).
const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/report-size.mjs reads the manifest to weigh what the home page loads first.
    manifest: true,
    // Every browser the shop supports knows modulepreload; the polyfill would only weigh on the entry chunk.
    modulePreload: false,
    target: 'es2022',
    // terser squeezes a few more kB than esbuild out of the entry chunk (the size budget).
    minify: 'terser',
    terserOptions: { module: true, compress: { passes: 2 }, format: { comments: false } },
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
    testTimeout: 30_000,
  },
});
