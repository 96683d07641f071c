import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'out/**'],
    environment: 'node',
    // Servers the tests start ping no canary unless a test names one: test traffic stays on loopback.
    env: { SIGHTLINE_CANARIES: 'off' },
    pool: 'forks',
    // One test file per core (vitest's default leaves one core idle): most of a file's time is spent
    // waiting on the servers, probes and receivers it starts, so two files on two cores took 6.6 min, one 11.1.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
