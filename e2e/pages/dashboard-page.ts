import type { Locator, Page } from '@playwright/test';

export class DashboardPage {
  readonly heading: Locator;
  /** "Live" while the dashboard's feed is connected (the summary is pushed, not polled). */
  readonly liveBadge: Locator;
  readonly problems: Locator;
  /** The same monitors as a list, which a phone shows instead of the table. */
  readonly problemList: Locator;
  readonly incidents: Locator;
  readonly notifications: Locator;
  readonly lanes: Locator;
  readonly recentSessions: Locator;
  /** The warning shown while the agent skips runs, and its link to the Agent section. */
  readonly agentSaturated: Locator;
  readonly agentLink: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Dashboard', exact: true });
    this.liveBadge = main.getByLabel('Dashboard updates live');
    this.problems = main.getByRole('table', { name: 'Failing and degraded monitors' });
    this.problemList = main.getByRole('list', { name: 'Failing and degraded monitors' });
    this.incidents = main.getByRole('table', { name: 'Open incidents' });
    this.notifications = main.getByRole('table', { name: 'Recent notifications' });
    this.lanes = main.getByRole('region', { name: 'Agent lanes' });
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

  /** The monitors of the failing-and-degraded table, without its heading row. */
  problemRows(): Locator {
    return this.problems.getByRole('row').filter({ hasNot: this.page.getByRole('columnheader') });
  }

  /** The n-th monitor of the failing-and-degraded table (0 = the first under the heading row). */
  problemRow(index: number): Locator {
    return this.problems.getByRole('row').nth(index + 1);
  }

  notificationRow(monitorName: string): Locator {
    return this.notifications.getByRole('row').filter({ hasText: monitorName });
  }
}
