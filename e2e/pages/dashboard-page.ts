import type { Locator, Page } from '@playwright/test';

export class DashboardPage {
  readonly heading: Locator;
  readonly problems: Locator;
  readonly recentSessions: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Dashboard', exact: true });
    this.problems = main.getByRole('table', { name: 'Failing and degraded monitors' });
    this.recentSessions = main.getByRole('table', { name: 'Recent sessions' });
  }

  async open(): Promise<void> {
    await this.page.goto('/#/');
  }

  /** The count on a card: "Passing", "Failing", "Degraded", "Paused" or "Not run yet". */
  count(label: string): Locator {
    return this.page.getByRole('main').getByRole('group', { name: `${label} monitors` }).getByText(/^\d+$/);
  }
}
