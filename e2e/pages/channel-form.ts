import type { Locator, Page } from '@playwright/test';
import { choose } from './console';

export interface WebhookInput {
  name: string;
  url: string;
  method?: string;
  headers?: { key: string; value: string }[];
}

export class ChannelForm {
  readonly form: Locator;
  readonly type: Locator;
  readonly name: Locator;
  readonly url: Locator;
  readonly method: Locator;
  readonly templateVariablesButton: Locator;
  readonly templateVariablesDialog: Locator;
  /** On an existing channel's page: sends a TEST notification through it. */
  readonly sendTestButton: Locator;

  constructor(
    readonly page: Page,
    formName = 'New alert channel',
  ) {
    this.form = page.getByRole('form', { name: formName });
    this.type = this.form.getByRole('combobox', { name: 'Type', exact: true });
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.url = this.form.getByRole('textbox', { name: 'URL', exact: true });
    this.method = this.form.getByRole('combobox', { name: 'Method', exact: true });
    this.templateVariablesButton = this.form.getByRole('button', { name: 'Template variables' });
    this.templateVariablesDialog = page.getByRole('dialog', { name: 'Template variables' });
    this.sendTestButton = page.getByRole('main').getByRole('button', { name: 'Send test notification', exact: true });
  }

  header(index: number): { key: Locator; value: Locator } {
    return {
      key: this.form.getByRole('textbox', { name: `Header ${index} name` }),
      value: this.form.getByRole('textbox', { name: `Header ${index} value` }),
    };
  }

  /** A write-only credential field (SecretField): named "Replace <label>" when one is stored, "Set <label>" when not. */
  secret(label: string, isSet: boolean): Locator {
    return this.form.getByLabel(`${isSet ? 'Replace' : 'Set'} ${label}`, { exact: true });
  }

  async fillWebhook(input: WebhookInput): Promise<void> {
    await choose(this.page, this.type, 'Webhook');
    await this.name.fill(input.name);
    await this.url.fill(input.url);
    if (input.method) await choose(this.page, this.method, input.method);
    for (const [i, header] of (input.headers ?? []).entries()) {
      await this.form.getByRole('button', { name: 'Add header' }).click();
      await this.header(i + 1).key.fill(header.key);
      await this.header(i + 1).value.fill(header.value);
    }
  }

  async submit(label: string): Promise<void> {
    await this.form.getByRole('button', { name: label }).click();
  }
}
