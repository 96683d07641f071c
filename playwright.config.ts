import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { electronRuntimeMissing, projectSelected } from './e2e/fixtures/electron-runtime';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const electronMissing = electronRuntimeMissing();

// Said once, by the runner (workers load this file too), and only when the electron project was asked for.
if (electronMissing && process.env.TEST_WORKER_INDEX === undefined && projectSelected('electron')) {
  console.log(`electron project: its tests are skipped because ${electronMissing}.`);
}

export default defineConfig({
  testDir: './e2e/specs',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'web',
      testMatch: 'web/**/*.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          args: CHROMIUM_ARGS,
          ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
        },
      },
    },
    {
      name: 'electron',
      // Without the Electron runtime (it cannot be downloaded here) its tests are skipped with the reason, instead of failing.
      testMatch: 'electron/**/*.spec.ts',
    },
  ],
});
