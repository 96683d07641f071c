import type { Locator, Page } from '@playwright/test';

/** What the console shows while the server does not answer: the banner, the stale content, the tab's title and icon. */
export class ConnectionState {
  readonly banner: Locator;
  /** The page's content below the banner; marked stale (and dimmed) while the server is unreachable. */
  readonly content: Locator;
  readonly staleContent: Locator;

  constructor(readonly page: Page) {
    this.banner = page.getByRole('alert').filter({ hasText: /Sightline server unreachable since \d{1,2}:\d{2}.* — retrying/ });
    this.content = page.locator('.app-content');
    this.staleContent = page.locator('.app-content[data-stale="true"]');
  }

  /** The opacity the browser renders the page's content with. */
  contentOpacity(): Promise<number> {
    return this.content.evaluate((element) => Number(getComputedStyle(element).opacity));
  }

  favicon(): Promise<string | null> {
    return this.page.locator('link[rel="icon"]').getAttribute('href');
  }
}
