import type { Locator, Page } from '@playwright/test';
import { choose } from './console';

/** The subscriptions section of an alert channel's page: which monitors send to this channel, a page at a time. */
export class ChannelSubscriptions {
  readonly table: Locator;
  readonly monitor: Locator;
  readonly subscribeButton: Locator;
  readonly subscribeAllButton: Locator;
  readonly subscribeAllDialog: Locator;
  /** The name filter above the table. */
  readonly filter: Locator;
  /** How many subscriptions there are (or match the filter), e.g. "1,234 subscriptions". */
  readonly count: Locator;
  readonly pagination: Locator;
  /** What the section says when the channel has no subscription, or none matches the filter. */
  readonly emptyNote: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.table = main.getByRole('table', { name: 'Subscriptions' });
    this.monitor = main.getByRole('combobox', { name: 'Monitor' });
    this.subscribeButton = main.getByRole('button', { name: 'Subscribe', exact: true });
    this.subscribeAllButton = main.getByRole('button', { name: 'Subscribe all monitors' });
    this.subscribeAllDialog = page.getByRole('dialog', { name: 'Subscribe all monitors' });
    this.filter = main.getByRole('searchbox', { name: 'Filter subscriptions' });
    this.count = main.getByText(/^[\d,]+ subscriptions?\b/);
    this.pagination = main.getByLabel('Subscription pages');
    this.emptyNote = main.getByText(/^(Nothing is subscribed yet|No subscription matches)/);
  }

  /** The subscribed monitors and groups of the page shown, without the heading row. */
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

  /** A numbered button of the pagination. */
  pageButton(page: number): Locator {
    return this.pagination.getByRole('button', { name: String(page), exact: true });
  }

  /** The confirm button of the subscribe-all dialog, e.g. "Subscribe 2 monitors". */
  confirmSubscribeAll(count: number): Locator {
    return this.subscribeAllDialog.getByRole('button', { name: `Subscribe ${count} monitors` });
  }
}
