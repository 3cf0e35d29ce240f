// The stress tier (`npm run test:stress`): what kills processes, races locks, fires hundreds of
// requests at once or runs the check commands as processes. Slower and heavier than the unit tier,
// so `npm test` leaves it out; CI runs both.
import { defineConfig } from 'vitest/config';
import { sharedTest } from './vitest.config.js';

export default defineConfig({
  test: {
    ...sharedTest,
    // Each test starts processes (the server, the check commands, lock workers) or fires hundreds of
    // requests: under a load of ten jobs per core one takes minutes. The timeouts only catch a hang.
    testTimeout: 900_000,
    hookTimeout: 900_000,
    include: ['test/stress/**/*.test.ts'],
  },
});
