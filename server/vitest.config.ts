import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each file gets its own database (in-memory PGlite, or a fresh database on the server).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
