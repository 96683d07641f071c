import { expect, type Locator, type Page } from '@playwright/test';

/** What the console says when monitors fail or recover: its toasts, the tab's icon, and this browser's announcement options. */
export class Announcements {
  readonly settings: Locator;
  readonly sound: Locator;
  readonly systemNotifications: Locator;
  readonly refusal: Locator;
  /** The tab's icon: data-failing="true" while it carries the red dot. */
  readonly tabIcon: Locator;

  constructor(readonly page: Page) {
    this.settings = page.getByRole('region', { name: 'Announcements in this browser' });
    this.sound = this.settings.getByRole('switch', { name: 'Play a sound when a monitor fails' });
    this.systemNotifications = this.settings.getByRole('switch', { name: 'Show a system notification when a monitor fails or recovers' });
    this.refusal = this.settings.getByRole('status');
    this.tabIcon = page.locator('link[rel="icon"]');
  }

  /**
   * The tab follows the monitors: its first summary (the baseline, announced as nothing) has
   * arrived; the icon has carried data-failing since. Changes made before this are not news.
   */
  async watching(): Promise<void> {
    await expect(this.tabIcon).toHaveAttribute('data-failing', /^(true|false)$/);
  }

  /** Every toast on screen. */
  toasts(): Locator {
    return this.page.getByRole('alert').filter({ has: this.page.locator('.mantine-Notification-title') });
  }

  /** The toast whose title is exactly this. */
  toast(title: string | RegExp): Locator {
    return this.toasts().filter({ has: this.page.locator('.mantine-Notification-title').getByText(title, { exact: true }) });
  }
}
