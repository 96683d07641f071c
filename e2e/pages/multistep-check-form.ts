import type { Locator, Page } from '@playwright/test';

export class MultiStepCheckForm {
  readonly form: Locator;
  readonly name: Locator;
  readonly script: Locator;
  /** What stands in the script's place while the editor's code is still loading. */
  readonly scriptLoading: Locator;
  readonly addDependency: Locator;
  readonly addVariable: Locator;
  readonly createButton: Locator;
  readonly runOnceButton: Locator;
  readonly runOnceResult: Locator;
  readonly locations: Locator;
  readonly saveButton: Locator;
  /** The "Start from" templates of a new check. */
  readonly startFrom: Locator;
  /** Asks before a template replaces a script the operator changed. */
  readonly replaceScriptDialog: Locator;

  constructor(
    readonly page: Page,
    formName = 'New multi-step check',
  ) {
    this.form = page.getByRole('form', { name: formName });
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    // CodeMirror's editable surface is a contenteditable textbox labelled by the field label.
    this.script = this.form.getByRole('textbox', { name: 'Script', exact: true });
    this.scriptLoading = this.form.getByRole('status', { name: 'Loading the script editor' });
    this.addDependency = this.form.getByRole('button', { name: 'Add dependency' });
    this.addVariable = this.form.getByRole('button', { name: 'Add variable' });
    this.createButton = this.form.getByRole('button', { name: 'Create check' });
    this.runOnceButton = this.form.getByRole('button', { name: 'Run once without saving' });
    this.runOnceResult = this.form.getByRole('region', { name: 'Run once result' });
    this.locations = this.form.getByRole('combobox', { name: 'Locations', exact: true });
    this.saveButton = this.form.getByRole('button', { name: 'Save changes' });
    this.startFrom = this.form.getByRole('radiogroup', { name: 'Start from' });
    this.replaceScriptDialog = page.getByRole('dialog', { name: 'Replace your script?' });
  }

  /** Picks a template: "Blank", "One request", "Log in, then call". */
  async startFromTemplate(label: string): Promise<void> {
    await this.startFrom.getByText(label, { exact: true }).click();
  }

  /** The "is secret" checkbox of environment variable n (1-based). */
  variableSecret(index: number): Locator {
    return this.form.getByRole('checkbox', { name: `Variable ${index} is secret` });
  }

  /** Replaces the whole script (CodeMirror: select all, then type; keep the text free of brackets CodeMirror would close). */
  async replaceScript(lines: readonly string[]): Promise<void> {
    await this.script.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    // Typed line by line without auto-indent surprises: each line starts at column 0.
    for (const [index, line] of lines.entries()) {
      if (index > 0) {
        await this.page.keyboard.press('Enter');
        await this.page.keyboard.press('Shift+Home');
        await this.page.keyboard.press('Delete');
      }
      await this.page.keyboard.insertText(line);
    }
  }

  /** The badge saying how the unsaved run ended: Passed, Failed, Degraded, Not run. */
  runOnceStatus(): Locator {
    return this.runOnceResult.locator('[data-status]');
  }

  /** Types at the end of the script; CodeMirror closes brackets itself, so keep the text bracket-free. */
  async appendToScript(text: string): Promise<void> {
    await this.script.click();
    await this.page.keyboard.press('ControlOrMeta+End');
    await this.page.keyboard.press('Enter');
    await this.page.keyboard.type(text);
  }

  async addDependencyFile(index: number, path: string, content: string): Promise<void> {
    await this.addDependency.click();
    await this.form.getByRole('textbox', { name: `Dependency ${index} path` }).fill(path);
    await this.form.getByRole('textbox', { name: `Dependency ${index} content` }).fill(content);
  }

  /** A variable the server holds a secret for: a "set" badge and a replace action, never the value. */
  storedSecret(index: number): Locator {
    return this.form.getByRole('group', { name: `Variable ${index} value` });
  }

  replaceSecretButton(index: number): Locator {
    return this.form.getByRole('button', { name: `Replace variable ${index} value` });
  }

  variableValue(index: number): Locator {
    return this.form.getByLabel(`Variable ${index} value`);
  }

  async addEnvironmentVariable(index: number, key: string, value: string, secret: boolean): Promise<void> {
    await this.addVariable.click();
    await this.form.getByRole('textbox', { name: `Variable ${index} name` }).fill(key);
    await this.form.getByLabel(`Variable ${index} value`).fill(value);
    if (secret) await this.form.getByRole('checkbox', { name: `Variable ${index} is secret` }).check();
  }
}
