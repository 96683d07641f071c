import type { Locator, Page } from '@playwright/test';

/** The Maintenance section: its list and the new/edit window dialog. */
export class MaintenancePage {
  readonly newButton: Locator;
  readonly table: Locator;
  readonly emptyState: Locator;
  readonly dialog: Locator;
  readonly name: Locator;
  readonly tags: Locator;
  readonly startsAt: Locator;
  readonly endsAt: Locator;
  readonly repeats: Locator;
  /** The dialog's "Type times in UTC" switch: the times are typed in the console's zone unless it is on. */
  readonly utcSwitch: Locator;
  readonly createButton: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.newButton = main.getByRole('button', { name: 'New window' }).first();
    this.table = main.getByRole('table', { name: 'Maintenance windows' });
    this.emptyState = main.getByRole('status', { name: 'No maintenance windows' });
    this.dialog = page.getByRole('dialog', { name: 'New maintenance window' });
    this.name = this.dialog.getByRole('textbox', { name: 'Name' });
    this.tags = this.dialog.getByRole('combobox', { name: 'Tags', exact: true });
    // The labels name the zone the times are typed in: "Starts (Asia/Kolkata)", "Starts (UTC)".
    this.startsAt = this.dialog.getByLabel(/^Starts \(/);
    this.endsAt = this.dialog.getByLabel(/^Ends \(/);
    this.utcSwitch = this.dialog.getByRole('switch', { name: 'Type times in UTC' });
    this.repeats = this.dialog.getByRole('combobox', { name: 'Repeats', exact: true });
    this.createButton = this.dialog.getByRole('button', { name: 'Create window' });
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ hasText: name });
  }
}
