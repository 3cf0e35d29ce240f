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
    // Only catches a hang (no test asserts a duration): generous for a loaded 2-core machine.
    testTimeout: 60_000,
  },
});
