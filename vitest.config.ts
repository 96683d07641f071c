import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'out/**'],
    environment: 'node',
    // Servers the tests start ping no canary unless a test names one: test traffic stays on loopback.
    env: { SIGHTLINE_CANARIES: 'off' },
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
