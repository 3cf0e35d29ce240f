import { configDefaults, defineConfig } from 'vitest/config';

/** What both tiers share: the unit tier (this file, `npm test`) and the stress tier (vitest.stress.config.ts). */
export const sharedTest = {
  // Timeouts only catch a hang: no test asserts a duration. Generous, because the suite runs on
  // 2-core machines shared with other heavy jobs, where a file's database setup alone can take a minute.
  testTimeout: 120_000,
  hookTimeout: 300_000,
  // Worker threads; each file still gets a fresh module graph (isolate stays on, so no state leaks
  // between files). Measured on 8 files: ~30% less CPU than 'forks' (a new process per file).
  pool: 'threads' as const,
  // Each file gets its own database (in-memory PGlite, or a fresh database on the server), cloned
  // from templates this setup migrates once per run.
  globalSetup: ['test/global-setup.ts'],
  fileParallelism: true,
  maxWorkers: 2,
};

export default defineConfig({
  test: {
    ...sharedTest,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The crash loop, lock races, concurrency storms and check commands: `npm run test:stress`.
    exclude: [...configDefaults.exclude, 'test/stress/**'],
  },
});
