import type { Locator, Page } from '@playwright/test';

export interface TracerouteMonitorInput {
  name: string;
  target: string;
  maxHops?: number;
  tags?: string[];
}

/** The traceroute form, new or edit: `formName` is "New traceroute monitor" or "Edit traceroute monitor". */
export class TracerouteMonitorForm {
  readonly form: Locator;
  readonly name: Locator;
  readonly target: Locator;
  readonly maxHops: Locator;
  readonly tags: Locator;
  readonly group: Locator;
  readonly degradedAfter: Locator;
  readonly failedAfter: Locator;

  constructor(
    readonly page: Page,
    formName = 'New traceroute monitor',
  ) {
    this.form = page.getByRole('form', { name: formName });
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.target = this.form.getByRole('textbox', { name: 'Target', exact: true });
    this.maxHops = this.form.getByRole('textbox', { name: 'Max hops', exact: true });
    this.tags = this.form.getByRole('combobox', { name: 'Tags', exact: true });
    this.group = this.form.getByRole('combobox', { name: 'Group', exact: true });
    this.degradedAfter = this.form.getByRole('textbox', { name: 'Degraded after (ms)', exact: true });
    this.failedAfter = this.form.getByRole('textbox', { name: 'Failed after (ms)', exact: true });
  }

  async fill(input: TracerouteMonitorInput): Promise<void> {
    await this.name.fill(input.name);
    await this.target.fill(input.target);
    if (input.maxHops !== undefined) await this.maxHops.fill(String(input.maxHops));
    for (const tag of input.tags ?? []) {
      await this.tags.fill(tag);
      await this.tags.press('Enter');
    }
  }

  async submit(label = 'Create monitor'): Promise<void> {
    await this.form.getByRole('button', { name: label }).click();
  }
}
