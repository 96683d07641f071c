import type { Locator, Page } from '@playwright/test';

/** The groups table's columns, in order. */
const GROUP_COLUMNS = ['Name', 'Checks', 'Concurrency', 'Locations', 'Status', 'Tags'] as const;
export type GroupColumn = (typeof GROUP_COLUMNS)[number];

export class GroupsPage {
  readonly heading: Locator;
  readonly newGroupButton: Locator;
  readonly table: Locator;
  readonly emptyState: Locator;
  readonly deleteDialog: Locator;
  readonly confirmDeleteButton: Locator;
  readonly deleteError: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Groups', exact: true });
    this.newGroupButton = main.getByRole('link', { name: 'New group' }).first();
    this.table = main.getByRole('table', { name: 'Groups' });
    this.emptyState = main.getByText('No groups yet — create one to share settings between monitors');
    this.deleteDialog = page.getByRole('dialog', { name: 'Delete group' });
    this.confirmDeleteButton = this.deleteDialog.getByRole('button', { name: 'Delete', exact: true });
    this.deleteError = this.deleteDialog.getByRole('alert').filter({ hasText: 'The group was not deleted' });
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  /** A cell of a group's row, by its column. */
  cell(name: string, column: GroupColumn): Locator {
    return this.row(name).getByRole('cell').nth(GROUP_COLUMNS.indexOf(column));
  }

  get deleteCancelButton(): Locator {
    return this.deleteDialog.getByRole('button', { name: 'Cancel' });
  }

  async startDelete(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: `Delete ${name}` }).click();
    await this.confirmDeleteButton.click();
  }
}

/** One group's page: its settings and the checks in it. */
export class GroupDetailPage {
  readonly heading: Locator;
  readonly checksTable: Locator;
  readonly noChecks: Locator;

  constructor(
    readonly page: Page,
    name: string,
  ) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name, exact: true });
    this.checksTable = main.getByRole('table', { name: 'Checks in this group' });
    this.noChecks = main.getByText('No checks in this group yet');
  }
}
