// Component tests: jsdom + Testing Library, as for the back office (web/vitest.config.ts).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    // Worker threads rather than a process per file: each file still gets a fresh module graph and
    // jsdom, but without a process start; the suite takes about half the time on 2 cores.
    pool: 'threads',
    // Only catches a hang (no test asserts a duration): generous for a loaded 2-core machine.
    testTimeout: 60_000,
  },
});
