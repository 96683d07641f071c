import { defineConfig } from 'vitest/config';

/**
 * The data layer's tests on PostgreSQL (issue 35): the same test files as on SQLite, each server
 * they start on a database of its own in one throwaway cluster (test/setup/postgres-global.ts).
 * Files that read the SQLite file directly stay on the SQLite run only.
 */
export const POSTGRES_FILES = ['test/checks/icmp-crud.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    env: { SIGHTLINE_CANARIES: 'off' },
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globalSetup: ['test/setup/postgres-global.ts'],
    setupFiles: ['test/setup/per-file-env.ts'],
    // SIGHTLINE_PG_INCLUDE (comma-separated globs) runs other files on PostgreSQL while working on them.
    include: process.env.SIGHTLINE_PG_INCLUDE ? process.env.SIGHTLINE_PG_INCLUDE.split(',') : POSTGRES_FILES,
    isolate: false,
  },
});
