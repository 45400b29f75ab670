import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // jsdom's first render takes seconds on a loaded 2-core CI machine; the 5 s default timed out there.
    testTimeout: 30_000,
  },
});
