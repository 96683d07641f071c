import type { Locator, Page } from '@playwright/test';
import { choose } from './console';

/** The subscriptions section of an alert channel's page: which monitors send to this channel. */
export class ChannelSubscriptions {
  readonly table: Locator;
  readonly monitor: Locator;
  readonly subscribeButton: Locator;
  readonly subscribeAllButton: Locator;
  readonly subscribeAllDialog: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.table = main.getByRole('table', { name: 'Subscriptions' });
    this.monitor = main.getByRole('combobox', { name: 'Monitor' });
    this.subscribeButton = main.getByRole('button', { name: 'Subscribe', exact: true });
    this.subscribeAllButton = main.getByRole('button', { name: 'Subscribe all monitors' });
    this.subscribeAllDialog = page.getByRole('dialog', { name: 'Subscribe all monitors' });
  }

  /** The subscribed monitors, without the heading row. */
  rows(): Locator {
    return this.table.getByRole('row').filter({ hasNot: this.page.getByRole('columnheader') });
  }

  async subscribe(monitorName: string): Promise<void> {
    await choose(this.page, this.monitor, monitorName);
    await this.subscribeButton.click();
  }

  unsubscribeButton(monitorName: string): Locator {
    return this.table.getByRole('button', { name: `Unsubscribe ${monitorName}`, exact: true });
  }

  /** The confirm button of the subscribe-all dialog, e.g. "Subscribe 2 monitors". */
  confirmSubscribeAll(count: number): Locator {
    return this.subscribeAllDialog.getByRole('button', { name: `Subscribe ${count} monitors` });
  }
}
