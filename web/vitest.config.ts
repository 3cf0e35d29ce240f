// Component tests: jsdom + Testing Library, same plugins as the build.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Worker threads rather than a process per file: each file still gets a fresh module graph and
    // jsdom, but without a process start; the suite takes about half the time on 2 cores.
    pool: 'threads',
    // Only catches a hang (no test asserts a duration): generous for a loaded 2-core machine.
    testTimeout: 60_000,
  },
});
