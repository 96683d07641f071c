import type { Locator, Page } from '@playwright/test';
import { choose } from './console';

export interface GroupInput {
  name: string;
  concurrency?: number;
  locations?: string[];
  retry?: string;
  variable?: { key: string; value: string };
}

export class GroupForm {
  readonly form: Locator;
  readonly name: Locator;
  readonly concurrency: Locator;
  readonly locations: Locator;
  readonly retryStrategy: Locator;
  /** The line under the retry strategy saying how many retries fit before the next run. */
  readonly retryFit: Locator;

  constructor(
    readonly page: Page,
    formName = 'New group',
  ) {
    this.form = page.getByRole('form', { name: formName });
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.concurrency = this.form.getByRole('textbox', { name: 'Concurrency', exact: true });
    this.locations = this.form.getByRole('combobox', { name: 'Locations', exact: true });
    this.retryStrategy = this.form.getByRole('combobox', { name: 'Retry strategy', exact: true });
    this.retryFit = this.form.getByText(/^Retries end before the next run/);
  }

  async fill(input: GroupInput): Promise<void> {
    await this.name.fill(input.name);
    if (input.concurrency !== undefined) await this.concurrency.fill(String(input.concurrency));
    for (const location of input.locations ?? []) await choose(this.page, this.locations, location);
    if (input.retry) await choose(this.page, this.retryStrategy, input.retry);
    if (input.variable) {
      await this.form.getByRole('button', { name: 'Add variable' }).click();
      await this.form.getByRole('textbox', { name: 'Variable 1 name' }).fill(input.variable.key);
      await this.form.getByLabel('Variable 1 value').fill(input.variable.value);
    }
  }

  async submit(label = 'Create group'): Promise<void> {
    await this.form.getByRole('button', { name: label }).click();
  }
}
