import type { Locator, Page } from '@playwright/test';
import { choose } from './console';

export class SettingsPage {
  readonly planForm: Locator;
  readonly unlimited: Locator;
  readonly maxChecks: Locator;
  readonly saveLimit: Locator;
  readonly membersTable: Locator;
  readonly memberForm: Locator;
  readonly keyDialog: Locator;
  readonly consoleSection: Locator;
  readonly offerPublicLocations: Locator;
  readonly membersNote: Locator;
  readonly accountTable: Locator;
  readonly newKey: Locator;
  readonly copyKeyButton: Locator;
  readonly keyDoneButton: Locator;

  constructor(readonly page: Page) {
    this.planForm = page.getByRole('form', { name: 'Plan limit' });
    this.unlimited = this.planForm.getByRole('switch', { name: 'Unlimited' });
    this.maxChecks = this.planForm.getByRole('textbox', { name: 'Maximum checks' });
    this.saveLimit = this.planForm.getByRole('button', { name: 'Save limit' });
    this.membersTable = page.getByRole('table', { name: 'Members' });
    this.memberForm = page.getByRole('form', { name: 'Add member' });
    this.keyDialog = page.getByRole('dialog', { name: 'New API key' });
    this.consoleSection = page.getByRole('region', { name: 'Console' });
    this.offerPublicLocations = this.consoleSection.getByRole('switch', { name: 'Offer public location names' });
    this.membersNote = page.getByRole('note').filter({ hasText: 'Members and API keys are managed by administrators' });
    this.accountTable = page.getByRole('table', { name: 'Account' });
    this.newKey = this.keyDialog.getByLabel('API key');
    this.copyKeyButton = this.keyDialog.getByRole('button', { name: 'Copy key' });
    this.keyDoneButton = this.keyDialog.getByRole('button', { name: 'Done' });
  }

  /** A choice of "Write times in" (Times): "UTC", or "Your time zone: <zone>" (a pattern matches either spelling of a zone). */
  timeZone(label: string): Locator {
    return this.page.getByRole('radiogroup', { name: 'Write times in' }).getByRole('radio', { name: label.includes('|') ? new RegExp(`^(${label})$`) : label, exact: !label.includes('|') });
  }

  async open(): Promise<void> {
    await this.page.goto('/#/settings');
  }

  async setLimit(maxChecks: number): Promise<void> {
    await this.unlimited.uncheck();
    await this.maxChecks.fill(String(maxChecks));
    await this.saveLimit.click();
  }

  async addMember(name: string, email: string, role: string): Promise<void> {
    await this.memberForm.getByRole('textbox', { name: 'Name' }).fill(name);
    await this.memberForm.getByRole('textbox', { name: 'Email' }).fill(email);
    await choose(this.page, this.memberForm.getByRole('combobox', { name: 'Role' }), role);
    await this.memberForm.getByRole('button', { name: 'Add member' }).click();
  }

  memberRow(email: string): Locator {
    return this.membersTable.getByRole('row').filter({ hasText: email });
  }

  memberRole(name: string): Locator {
    return this.membersTable.getByRole('combobox', { name: `Role of ${name}` });
  }

  /** The key the dialog shows once, as text. */
  async shownKey(): Promise<string> {
    return (await this.newKey.textContent())?.trim() ?? '';
  }
}
