import type { Locator, Page } from '@playwright/test';
import { choose } from './console';

/** The edit form of an existing ICMP monitor. */
export class IcmpMonitorEditForm {
  readonly form: Locator;
  readonly group: Locator;
  readonly dependsOn: Locator;
  readonly saveButton: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Edit ICMP monitor' });
    this.group = this.form.getByRole('combobox', { name: 'Group' });
    this.dependsOn = this.form.getByLabel('Depends on');
    this.saveButton = this.form.getByRole('button', { name: 'Save changes' });
  }

  async chooseGroup(name: string): Promise<void> {
    await choose(this.page, this.group, name);
  }

  async chooseDependency(name: string): Promise<void> {
    await choose(this.page, this.dependsOn, name);
  }
}
