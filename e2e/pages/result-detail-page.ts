import type { Locator, Page } from '@playwright/test';

/** The assertions table's columns, in order. */
const ASSERTION_COLUMNS = ['Source', 'Property', 'Comparison', 'Target', 'Actual', 'Outcome'] as const;

export class ResultDetailPage {
  readonly assertions: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.assertions = main.getByRole('table', { name: 'Assertions' });
    this.error = main.getByRole('alert', { name: /^Error: / });
  }

  heading(monitorName: string): Locator {
    return this.page.getByRole('main').getByRole('heading', { name: `Result of ${monitorName}` });
  }

  /** A labelled number such as "Packet loss". */
  stat(label: string): Locator {
    return this.page.getByRole('main').getByRole('listitem', { name: label, exact: true });
  }

  /** A row of the details table such as "Session" or "Location", by its header. */
  field(label: string): Locator {
    return this.page.getByRole('main').getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) });
  }

  assertionRow(source: string): Locator {
    return this.assertions.getByRole('row').filter({ has: this.page.getByRole('cell', { name: source, exact: true }) });
  }

  /** The value the run measured for an assertion (its "Actual" column). */
  assertionActual(source: string): Locator {
    return this.assertionRow(source).getByRole('cell').nth(ASSERTION_COLUMNS.indexOf('Actual'));
  }
}
