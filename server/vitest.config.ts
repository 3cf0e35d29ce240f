import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Worker threads; each file still gets a fresh module graph (isolate stays on, so no state leaks
    // between files). Measured on 8 files: ~30% less CPU than 'forks' (a new process per file).
    pool: 'threads',
    // Each file gets its own database (in-memory PGlite, or a fresh database on the server), cloned
    // from templates this setup migrates once per run.
    globalSetup: ['test/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
  },
});
