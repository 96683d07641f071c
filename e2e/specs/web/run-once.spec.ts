import { listChecks } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { openConnected } from '../../pages/console';
import { MultiStepCheckForm } from '../../pages/multistep-check-form';

test.describe('run a multi-step script once without saving it', () => {
  test('shows the passing and the failing run with its steps, and creates no monitor', async ({ page, server, request }) => {
    const form = new MultiStepCheckForm(page);
    await openConnected(page, server, '/monitors/new-multistep');
    await expect(form.runOnceButton).toBeVisible();

    // The starter script: one step that passes.
    await form.runOnceButton.click();
    await expect(form.runOnceStatus()).toHaveText('Passed', { timeout: 60_000 });
    await expect(form.runOnceResult).toContainText('first step');
    await expect(form.runOnceResult).toContainText('Every step passed. The check was not saved');

    await form.appendToScript("test('second step', async () => expect(1).toBe(2));");
    await form.runOnceButton.click();
    await expect(form.runOnceStatus()).toHaveText('Failed', { timeout: 60_000 });
    await expect(form.runOnceResult).toContainText('second step');
    await expect(form.runOnceResult).toContainText('Expected: 2');

    expect(await listChecks(request, server)).toEqual([]);
  });
});
