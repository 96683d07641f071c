import { defineConfig } from 'vitest/config';

/**
 * Runs the test files named by SIGHTLINE_PG_INCLUDE (comma-separated globs) on PostgreSQL, each
 * server they start on a database of its own in one throwaway cluster (test/setup/postgres-global.ts):
 * for working on the data layer's PostgreSQL side. `npm test` runs vitest.config.ts's postgres project.
 */
const include = process.env.SIGHTLINE_PG_INCLUDE?.split(',').filter(Boolean) ?? [];
if (include.length === 0) throw new Error('vitest.postgres.config.ts runs the files named by SIGHTLINE_PG_INCLUDE (comma-separated globs)');

export default defineConfig({
  test: {
    environment: 'node',
    env: { SIGHTLINE_CANARIES: 'off' },
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globalSetup: ['test/setup/postgres-global.ts'],
    setupFiles: ['test/setup/per-file-env.ts'],
    include,
    isolate: false,
  },
});
