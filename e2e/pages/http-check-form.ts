import type { Locator, Page } from '@playwright/test';
import { AssertionsEditor } from './assertions-editor';

/** The "New API check" / "New URL monitor" form, by its visible labels. */
export class HttpCheckForm {
  readonly form: Locator;
  readonly assertions: AssertionsEditor;
  readonly createButton: Locator;

  constructor(
    readonly page: Page,
    name: 'New API check' | 'New URL monitor',
  ) {
    this.form = page.getByRole('form', { name });
    this.assertions = new AssertionsEditor(page, this.form);
    this.createButton = this.form.getByRole('button', { name: name === 'New API check' ? 'Create check' : 'Create monitor' });
  }

  field(label: string): Locator {
    return this.form.getByRole('textbox', { name: label, exact: true });
  }
}
