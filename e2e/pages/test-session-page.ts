import type { Locator, Page } from '@playwright/test';

/** The console's page of one test session (`#/test-sessions/<id>`, where `testSessionLink` lands). */
export class TestSessionPage {
  readonly status: Locator;
  readonly checkSessions: Locator;
  readonly notFound: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.status = main.getByRole('status', { name: 'Test session status' });
    this.checkSessions = main.getByRole('table', { name: 'Check sessions' });
    this.notFound = main.getByRole('status', { name: 'There is no test session at this address' });
  }

  heading(testSessionName: string): Locator {
    return this.page.getByRole('main').getByRole('heading', { name: testSessionName, exact: true, level: 2 });
  }

  /** A row of the test session's details ("Started", "Elapsed", ...), by its header. */
  field(label: string): Locator {
    return this.page
      .getByRole('main')
      .getByRole('table', { name: 'Test session details' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) });
  }

  /** The check session row of a monitor. */
  checkSessionRow(monitorName: string): Locator {
    return this.checkSessions.getByRole('row').filter({ has: this.page.getByRole('link', { name: monitorName, exact: true }) });
  }

  /** The row of a `checkly test` check, which is no monitor and so no link: found by its name. */
  codeCheckRow(checkName: string): Locator {
    return this.checkSessions.getByRole('row').filter({ has: this.page.getByText(checkName, { exact: true }) });
  }

  async openCheckSession(monitorName: string): Promise<void> {
    await this.checkSessionRow(monitorName).getByRole('link', { name: `Open session of ${monitorName}` }).click();
  }
}
