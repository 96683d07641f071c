import type { Locator, Page } from '@playwright/test';

/** The assertions table's columns, in order. */
const ASSERTION_COLUMNS = ['Source', 'Property', 'Comparison', 'Target', 'Actual', 'Outcome'] as const;

export class ResultDetailPage {
  readonly assertions: Locator;
  readonly error: Locator;
  /** Which path ran a multi-step script: "Ran on the warm runtime", "Ran with playwright test (full path): …". */
  readonly runtime: Locator;
  /** A multi-step run's tests, in the order the page shows them. */
  readonly tests: Locator;
  readonly jobLog: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.assertions = main.getByRole('table', { name: 'Assertions' });
    this.error = main.getByRole('alert', { name: /^Error: / });
    this.runtime = main.getByText(/^Ran (on the warm runtime|with playwright test)/);
    this.tests = main.getByRole('region', { name: /^Test / });
    this.jobLog = main.getByLabel('Job log', { exact: true });
  }

  test(title: string): Locator {
    return this.page.getByRole('main').getByRole('region', { name: `Test ${title}`, exact: true });
  }

  /** The API calls a test made, without the heading row and the rows of opened headers and bodies. */
  requestRows(testTitle: string): Locator {
    return this.test(testTitle)
      .getByRole('table', { name: `Requests of ${testTitle}` })
      .getByRole('row')
      .filter({ hasNot: this.page.getByRole('columnheader') })
      .filter({ hasNot: this.page.getByRole('group', { name: /^Headers and bodies of call / }) });
  }

  /** The headers and bodies of a multi-step call, by its number (the order the test made it in). */
  callDetails(order: number): Locator {
    return this.page.getByRole('main').getByRole('group', { name: new RegExp(`^Headers and bodies of call ${order}: `) });
  }

  /** A step of a test's step tree, by its title. */
  step(testTitle: string, stepTitle: string): Locator {
    return this.test(testTitle).getByRole('treeitem', { name: stepTitle, exact: true });
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

  /** What the probe printed: "fping output" (ICMP) or "mtr output" (traceroute); what a TCP peer sent back ("Response"). */
  rawOutput(title: 'fping output' | 'mtr output' | 'Response' | 'Data sent'): Locator {
    return this.page.getByRole('main').getByLabel(title, { exact: true });
  }

  /** The run's "Errors" section, above its tests. */
  get errors(): Locator {
    return this.page.getByRole('main').getByRole('region', { name: 'Errors', exact: true });
  }

  /** "× 6" beside each error of the run that occurred more than once. */
  get errorCounts(): Locator {
    return this.errors.getByLabel(/^occurred \d+ times$/);
  }

  get zoneNote(): Locator {
    return this.page.getByRole('main').getByText(/^times in /);
  }

  get utcSwitch(): Locator {
    return this.page.getByRole('main').getByRole('switch', { name: 'UTC' });
  }
}
