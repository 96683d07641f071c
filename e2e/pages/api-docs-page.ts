import type { Locator, Page } from '@playwright/test';

/** The generated API reference at /docs. */
export class ApiDocsPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: /Sightline API/ });
  }
}
