import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { DEFAULT_BRAND_NAME } from '@shop/domain/brand';

export default defineConfig({
  plugins: [react()],
  define: {
    'import.meta.env.VITE_ADMIN_PREFIX': JSON.stringify('shuddh'),
    'import.meta.env.VITE_BRAND_NAME': JSON.stringify(DEFAULT_BRAND_NAME),
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    env: { VITE_API_BASE_URL: 'http://shop.test/api', VITE_STOREFRONT_URL: 'http://shop.test' },
    // Above the 30 s findBy/waitFor limit of src/testing/setup-tests.ts, for a test with a slow first wait and more after it.
    testTimeout: 90_000,
  },
});
