import type { Locator, Page } from '@playwright/test';

export class AlertChannelsPage {
  readonly heading: Locator;
  readonly newChannelButton: Locator;
  readonly table: Locator;
  readonly emptyState: Locator;
  readonly deleteDialog: Locator;
  readonly confirmDeleteButton: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Alert channels', exact: true });
    this.newChannelButton = main.getByRole('link', { name: 'New alert channel' }).first();
    this.table = main.getByRole('table', { name: 'Alert channels' });
    this.emptyState = main.getByText('No alert channels yet — add one so failing monitors can reach you');
    this.deleteDialog = page.getByRole('dialog', { name: 'Delete alert channel' });
    this.confirmDeleteButton = this.deleteDialog.getByRole('button', { name: 'Delete', exact: true });
  }

  row(text: string): Locator {
    return this.table.getByRole('row').filter({ hasText: text });
  }

  /** A channel is labelled by its type and name, e.g. "Webhook: Ops bot". */
  editLink(label: string): Locator {
    return this.table.getByRole('link', { name: `Edit ${label}`, exact: true });
  }

  sendTestButton(label: string): Locator {
    return this.table.getByRole('button', { name: `Send test notification to ${label}`, exact: true });
  }

  deleteButton(label: string): Locator {
    return this.table.getByRole('button', { name: `Delete ${label}`, exact: true });
  }
}
