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
    // Only catches a hang (no test asserts a duration): generous for a loaded 2-core machine.
    testTimeout: 60_000,
  },
});
