import type { Locator, Page } from '@playwright/test';
import { runProgress } from './run-progress';

export class MonitorDetailPage {
  readonly runNowButton: Locator;
  readonly statusHeader: Locator;
  readonly resultsTable: Locator;
  readonly chart: Locator;

  constructor(
    readonly page: Page,
    readonly name: string,
  ) {
    const main = page.getByRole('main');
    this.runNowButton = main.getByRole('button', { name: 'Run now', exact: true });
    this.statusHeader = main.getByRole('region', { name: 'Monitor status' });
    this.resultsTable = main.getByRole('table', { name: 'Recent results' });
    this.chart = main.getByRole('img', { name: /^Response time chart/ });
  }

  async open(checkId: string): Promise<void> {
    await this.page.goto(`/#/monitors/${checkId}`);
  }

  /** The live status of the run started with "Run now", and its link to the session. */
  get runProgress(): Locator {
    return runProgress(this.page, this.name);
  }
}
