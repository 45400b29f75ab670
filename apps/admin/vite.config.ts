import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { brandName } from '@shop/domain/brand';

/**
 * The admin panel is its own build under /{ADMIN_PREFIX}/, so it can be served by the all-in-one
 * server or hosted on a host of its own (then VITE_API_BASE_URL points at the API).
 */
export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const prefix = (env.ADMIN_PREFIX ?? 'shuddh').replace(/^\/+|\/+$/g, '') || 'shuddh';
  return {
    base: `/${prefix}/`,
    plugins: [react()],
    // ADMIN_PREFIX and BRAND_NAME reach the app as VITE_ADMIN_PREFIX and VITE_BRAND_NAME; src/config.ts is the only
    // reader (index.html has %VITE_BRAND_NAME%).
    define: {
      'import.meta.env.VITE_ADMIN_PREFIX': JSON.stringify(prefix),
      'import.meta.env.VITE_BRAND_NAME': JSON.stringify(brandName(env)),
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      manifest: true,
      sourcemap: false,
      chunkSizeWarningLimit: 600,
    },
    server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  };
});
