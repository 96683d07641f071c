import type { Locator, Page } from '@playwright/test';

export class NotificationsPage {
  readonly table: Locator;
  readonly channelFilter: Locator;
  readonly failuresOnly: Locator;
  readonly emptyState: Locator;
  readonly detail: Locator;
  readonly detailResult: Locator;
  readonly detailAlertConfig: Locator;
  readonly noMatches: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.table = main.getByRole('table', { name: 'Notifications' });
    this.channelFilter = main.getByRole('combobox', { name: 'Channel' });
    this.failuresOnly = main.getByRole('switch', { name: 'Failures only' });
    this.emptyState = main.getByRole('status');
    this.detail = page.getByRole('dialog', { name: 'Notification' });
    this.detailResult = this.detail.getByLabel('Notification result');
    this.detailAlertConfig = this.detail.getByLabel('Alert config');
    this.noMatches = main.getByRole('status', { name: 'No notifications match these filters' });
  }

  /** The action of the "Test notification sent" toast that opens this log filtered to the channel. */
  static logLinkOf(toast: Locator): Locator {
    return toast.getByRole('button', { name: 'See it in the notification log' });
  }

  rows(): Locator {
    return this.table.getByRole('row').filter({ hasNot: this.page.getByRole('columnheader') });
  }

  async openDetails(row: Locator): Promise<void> {
    await row.getByRole('button', { name: 'Details' }).click();
  }
}
