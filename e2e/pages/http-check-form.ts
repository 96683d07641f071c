import type { Locator, Page } from '@playwright/test';
import { AssertionsEditor } from './assertions-editor';

/** The "New API check" / "New URL monitor" form, by its visible labels. */
export class HttpCheckForm {
  readonly form: Locator;
  readonly assertions: AssertionsEditor;
  readonly createButton: Locator;
  readonly sendNowButton: Locator;
  /** What "Send now" got: status badge, response, the assertion builder over it. */
  readonly sendNowResult: Locator;

  constructor(
    readonly page: Page,
    name: 'New API check' | 'New URL monitor',
  ) {
    this.form = page.getByRole('form', { name });
    this.assertions = new AssertionsEditor(page, this.form);
    this.createButton = this.form.getByRole('button', { name: name === 'New API check' ? 'Create check' : 'Create monitor' });
    this.sendNowButton = this.form.getByRole('button', { name: 'Send now' });
    this.sendNowResult = this.form.getByRole('region', { name: 'Send now result' });
  }

  field(label: string): Locator {
    return this.form.getByRole('textbox', { name: label, exact: true });
  }

  /** Adds a header row and fills it. */
  async addHeader(name: string, value: string): Promise<void> {
    const n = (await this.form.getByRole('textbox', { name: /^Header \d+ name$/ }).count()) + 1;
    await this.form.getByRole('button', { name: 'Add header' }).click();
    await this.field(`Header ${n} name`).fill(name);
    await this.field(`Header ${n} value`).fill(value);
  }

  /** Adds an environment variable row, secret or plain. */
  async addVariable(name: string, value: string, secret = false): Promise<void> {
    const n = (await this.form.getByRole('textbox', { name: /^Variable \d+ name$/ }).count()) + 1;
    await this.form.getByRole('button', { name: 'Add variable' }).click();
    await this.field(`Variable ${n} name`).fill(name);
    if (secret) await this.form.getByRole('checkbox', { name: `Variable ${n} is secret` }).check();
    await this.form.getByLabel(`Variable ${n} value`, { exact: true }).fill(value);
  }

  /** Opens a script ("Setup script", "Teardown script") and types it line by line (CodeMirror steps over the brackets it closed). */
  async addScript(label: 'Setup script' | 'Teardown script', lines: readonly string[]): Promise<void> {
    await this.form.getByRole('button', { name: `Add ${label.toLowerCase()}` }).click();
    const editor = this.form.getByRole('textbox', { name: label, exact: true });
    await editor.click();
    for (const [index, line] of lines.entries()) {
      if (index > 0) {
        await this.page.keyboard.press('Enter');
        await this.page.keyboard.press('Shift+Home');
        await this.page.keyboard.press('Delete');
      }
      await this.page.keyboard.type(line);
    }
  }
}
