import { _electron as electron, expect, test } from '@playwright/test';

test('the desktop app opens its console window', async () => {
  const app = await electron.launch({ args: ['.'] });
  try {
    const window = await app.firstWindow();
    await expect(window).toHaveTitle('Sightline');
  } finally {
    await app.close();
  }
});
