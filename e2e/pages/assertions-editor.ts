import type { Locator, Page } from '@playwright/test';
import { choose } from './console';

export interface AssertionInput {
  source?: string;
  property?: string;
  comparison?: string;
  target?: string;
}

/** The assertion rows of an ICMP or traceroute form, by their visible labels. */
export class AssertionsEditor {
  readonly addButton: Locator;

  constructor(
    readonly page: Page,
    readonly form: Locator,
  ) {
    this.addButton = form.getByRole('button', { name: 'Add assertion' });
  }

  row(n: number): Locator {
    return this.form.getByRole('group', { name: `Assertion ${n}`, exact: true });
  }

  source(n: number): Locator {
    return this.form.getByRole('combobox', { name: `Assertion ${n} source` });
  }

  property(n: number): Locator {
    return this.form.getByLabel(`Assertion ${n} property`);
  }

  comparison(n: number): Locator {
    return this.form.getByRole('combobox', { name: `Assertion ${n} comparison` });
  }

  target(n: number): Locator {
    return this.form.getByRole('textbox', { name: new RegExp(`^Assertion ${n} target`) });
  }

  /** Sets the row's members; property is a choice for latency sources and typed for JSON paths. */
  async set(n: number, input: AssertionInput): Promise<void> {
    if (input.source) await choose(this.page, this.source(n), input.source);
    if (input.property) {
      if ((await this.property(n).getAttribute('role')) === 'combobox') await choose(this.page, this.property(n), input.property);
      else await this.property(n).fill(input.property);
    }
    if (input.comparison) await choose(this.page, this.comparison(n), input.comparison);
    if (input.target !== undefined) await this.target(n).fill(input.target);
  }

  async add(input: AssertionInput): Promise<void> {
    const n = (await this.form.getByRole('group', { name: /^Assertion \d+$/ }).count()) + 1;
    await this.addButton.click();
    await this.set(n, input);
  }
}
