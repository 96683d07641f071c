import type { Locator, Page } from '@playwright/test';
import { choose } from './console';

/** The "Alert channels" multi-select of a monitor or group form. */
export class AlertChannelPicker {
  readonly input: Locator;
  /** The chosen channels' pills sit beside the input, in the same group. */
  readonly pills: Locator;

  constructor(
    readonly page: Page,
    form: Locator,
  ) {
    this.input = form.getByRole('combobox', { name: 'Alert channels', exact: true });
    this.pills = this.input.locator('xpath=..');
  }

  async pick(name: string): Promise<void> {
    await choose(this.page, this.input, name);
    await this.page.keyboard.press('Escape');
  }

  /** Takes a chosen channel out: choosing a chosen option again unchooses it. */
  async remove(name: string): Promise<void> {
    await this.pick(name);
  }

  pill(name: string): Locator {
    return this.pills.getByText(name, { exact: true });
  }
}
