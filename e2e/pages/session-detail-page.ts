import type { Locator, Page } from '@playwright/test';

export class SessionDetailPage {
  readonly status: Locator;
  readonly results: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.status = main.getByRole('status', { name: 'Session status' });
    this.results = main.getByRole('table', { name: 'Results' });
  }

  heading(monitorName: string): Locator {
    return this.page.getByRole('main').getByRole('heading', { name: `Session of ${monitorName}` });
  }

  /** A row of the session's details ("Source", "Locations", ...), by its header. */
  field(label: string): Locator {
    return this.page
      .getByRole('main')
      .getByRole('table', { name: 'Session details' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) });
  }

  resultRow(resultType: 'FINAL' | 'ATTEMPT', location = 'local'): Locator {
    return this.results.getByRole('row').filter({ has: this.openLink(resultType, location) });
  }

  /** The response time a result row shows (the column after Location, Result type and Verdict). */
  responseTime(resultType: 'FINAL' | 'ATTEMPT', location = 'local'): Locator {
    return this.resultRow(resultType, location).getByRole('cell').nth(3);
  }

  async openResult(resultType: 'FINAL' | 'ATTEMPT', location = 'local'): Promise<void> {
    await this.results.locator(this.openLink(resultType, location)).click();
  }

  private openLink(resultType: 'FINAL' | 'ATTEMPT', location: string): Locator {
    return this.page.getByRole('link', { name: `Open ${resultType === 'FINAL' ? 'final' : 'attempt'} result from ${location}`, exact: true });
  }
}
