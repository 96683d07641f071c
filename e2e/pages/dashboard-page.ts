import type { Locator, Page } from '@playwright/test';

export class DashboardPage {
  readonly heading: Locator;
  readonly problems: Locator;
  readonly recentSessions: Locator;
  /** The warning shown while the agent skips runs, and its link to the Agent section. */
  readonly agentSaturated: Locator;
  readonly agentLink: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Dashboard', exact: true });
    this.problems = main.getByRole('table', { name: 'Failing and degraded monitors' });
    this.recentSessions = main.getByRole('table', { name: 'Recent sessions' });
    this.agentSaturated = main.getByRole('alert').filter({ hasText: 'Runs are being skipped' });
    this.agentLink = this.agentSaturated.getByRole('link', { name: 'See the lanes in the Agent section' });
  }

  async open(): Promise<void> {
    await this.page.goto('/#/');
  }

  /** The count on a card: "Passing", "Failing", "Degraded", "Paused" or "Not run yet". */
  count(label: string): Locator {
    return this.page.getByRole('main').getByRole('group', { name: `${label} monitors` }).getByText(/^\d+$/);
  }
}
