import type { Locator, Page } from '@playwright/test';

/** The Projects section: every project of monitoring as code. */
export class ProjectsPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly emptyState: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Projects', exact: true, level: 2 });
    this.table = main.getByRole('table', { name: 'Projects' });
    this.emptyState = main.getByRole('status', { name: 'No projects yet' });
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }
}

/** One project's page: its resources and its deployments. */
export class ProjectPage {
  readonly heading: Locator;
  readonly resources: Locator;
  readonly deployments: Locator;

  constructor(
    readonly page: Page,
    name: string,
  ) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name, exact: true, level: 2 });
    this.resources = main.getByRole('table', { name: 'Resources' });
    this.deployments = main.getByRole('list', { name: 'Deployments' }).getByRole('listitem', { name: /^Deployment of / });
  }

  /** A resource's row, by its logical id. */
  resource(logicalId: string): Locator {
    return this.resources.getByRole('row').filter({ has: this.page.getByText(logicalId, { exact: true }) });
  }

  /** The changes a deployment lists once opened. */
  changes(deployment: Locator): Locator {
    return deployment.getByRole('list', { name: 'Changes' }).getByRole('listitem');
  }
}

/** What a page says about a resource a project owns: the note on its page, the warning on its edit form. */
export function codeOwnerNote(page: Page): Locator {
  return page.getByRole('main').getByRole('note', { name: 'Managed by code' });
}
