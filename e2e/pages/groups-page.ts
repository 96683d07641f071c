import type { Locator, Page } from '@playwright/test';

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

  async startDelete(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: `Delete ${name}` }).click();
    await this.confirmDeleteButton.click();
  }
}
