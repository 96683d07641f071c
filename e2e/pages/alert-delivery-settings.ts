import type { Locator, Page } from '@playwright/test';
import { choose } from './console';

/** The Delivery and Account alert settings sections of the Settings page. */
export class AlertDeliverySettings {
  readonly deliveryForm: Locator;
  readonly alertForm: Locator;

  constructor(readonly page: Page) {
    this.deliveryForm = page.getByRole('form', { name: 'Delivery settings' });
    this.alertForm = page.getByRole('form', { name: 'Account alert settings' });
  }

  deliveryField(label: string): Locator {
    return this.deliveryForm.getByRole('textbox', { name: label, exact: true });
  }

  /** A write-only credential field: named "Replace <label>" when one is stored, "Set <label>" when not. */
  deliverySecret(label: string, isSet: boolean): Locator {
    return this.deliveryForm.getByLabel(`${isSet ? 'Replace' : 'Set'} ${label}`, { exact: true });
  }

  async saveDelivery(): Promise<void> {
    await this.deliveryForm.getByRole('button', { name: 'Save delivery settings' }).click();
  }

  alertSelect(label: string): Locator {
    return this.alertForm.getByRole('combobox', { name: label, exact: true });
  }

  async chooseAlert(label: string, option: string): Promise<void> {
    await choose(this.page, this.alertSelect(label), option);
  }

  /** One choice of the Escalate control ("By failed runs", "By time failing"); checked when it is the stored one. */
  escalationOption(label: 'By failed runs' | 'By time failing'): Locator {
    return this.alertForm.getByRole('radio', { name: label, exact: true });
  }

  async escalateBy(label: 'By failed runs' | 'By time failing'): Promise<void> {
    await this.alertForm.getByText(label, { exact: true }).click();
  }

  async saveAlertSettings(): Promise<void> {
    await this.alertForm.getByRole('button', { name: 'Save alert settings' }).click();
  }
}
