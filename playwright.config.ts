import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** `require('electron')` tries to download the runtime when it is missing, so look for the binary without loading the package. */
function electronBinaryExists(): boolean {
  try {
    const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathFile = join(packageDir, 'path.txt');
    if (!existsSync(pathFile)) return false;
    return existsSync(join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim()));
  } catch {
    return false;
  }
}

const hasElectron = electronBinaryExists();

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
      // Without the Electron runtime (it cannot be downloaded here) the project holds no tests instead of failing.
      testMatch: 'electron/**/*.spec.ts',
      testIgnore: hasElectron ? [] : ['**/*'],
    },
  ],
});
