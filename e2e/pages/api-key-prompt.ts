import type { Locator, Page } from '@playwright/test';

export class ApiKeyPrompt {
  readonly heading: Locator;
  readonly apiKeyInput: Locator;
  readonly connectButton: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Connect to Sightline' });
    this.apiKeyInput = page.getByLabel('API key');
    this.connectButton = page.getByRole('button', { name: 'Connect' });
    this.error = page.getByRole('alert').filter({ hasText: 'Could not connect' });
  }

  async connect(apiKey: string): Promise<void> {
    await this.apiKeyInput.fill(apiKey);
    await this.connectButton.click();
  }
}
