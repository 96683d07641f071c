import type { Locator, Page } from '@playwright/test';

export class AgentPage {
  readonly embeddedAgent: Locator;
  readonly locationsTable: Locator;
  readonly newLocationButton: Locator;
  readonly newLocationForm: Locator;
  readonly keyDialog: Locator;
  readonly revokeDialog: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.embeddedAgent = main.getByRole('region', { name: 'Embedded agent' });
    this.locationsTable = main.getByRole('table', { name: 'Private locations' });
    this.newLocationButton = main.getByRole('button', { name: 'New private location' }).first();
    this.newLocationForm = page.getByRole('form', { name: 'New private location' });
    this.keyDialog = page.getByRole('dialog', { name: 'New agent key' });
    this.revokeDialog = page.getByRole('dialog', { name: 'Revoke agent key' });
  }

  async createLocation(name: string, slugName: string): Promise<void> {
    await this.newLocationButton.click();
    await this.newLocationForm.getByRole('textbox', { name: 'Name' }).fill(name);
    await this.newLocationForm.getByRole('textbox', { name: 'Slug' }).fill(slugName);
    await this.newLocationForm.getByRole('button', { name: 'Create location' }).click();
  }

  row(text: string): Locator {
    return this.locationsTable.getByRole('row').filter({ hasText: text });
  }

  keysPanel(locationName: string): Locator {
    return this.page.getByRole('region', { name: `Keys of ${locationName}` });
  }
}
