import type { Locator, Page } from '@playwright/test';

/** The badge "Run now" shows while its session moves, wherever the button sits. */
export function runProgress(page: Page, monitorName: string): Locator {
  return page.getByRole('status', { name: `Run of ${monitorName}` });
}

export function viewSessionLink(progress: Locator): Locator {
  return progress.getByRole('link', { name: 'View session' });
}
