import { restPost } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { ChannelForm } from '../../pages/channel-form';
import { openConnected, toast } from '../../pages/console';
import { MultiStepCheckForm } from '../../pages/multistep-check-form';

const SECRET = 'e2e-S3cr3t-9c41d7';
const SCRIPT = "import { test } from '@playwright/test';\ntest('noop', async () => {});";

test.describe('write-only secrets in the web console', () => {
  test('a stored secret variable shows "set" with a replace action; saving sends the mask back, replacing sends the new value', async ({ page, server, request }) => {
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/multistep', {
      name: 'Token flow',
      script: SCRIPT,
      environmentVariables: [
        { key: 'API_TOKEN', value: SECRET, secret: true },
        { key: 'PLAIN', value: 'visible' },
      ],
    });
    const form = new MultiStepCheckForm(page, 'Edit multi-step check');
    await openConnected(page, server, `/monitors/${check.id}/edit`);

    await expect(form.storedSecret(1)).toContainText('set');
    await expect(form.replaceSecretButton(1)).toBeVisible();
    await expect(form.variableSecret(1)).toBeDisabled();
    await expect(form.variableValue(2)).toHaveValue('visible');
    expect(await page.content()).not.toContain(SECRET);

    const kept = page.waitForRequest((r) => r.url().includes('checks.updateMultiStep'));
    await form.saveButton.click();
    const keptBody = (await kept).postData() ?? '';
    expect(keptBody).toContain('"key":"API_TOKEN","value":"*****"');
    await expect(toast(page, 'Monitor saved')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#/monitors/${check.id}$`));
    // The detail page has replaced the form before the next visit (a hash change during the swap would keep the old form).
    await expect(form.form).toBeHidden();

    await openConnected(page, server, `/monitors/${check.id}/edit`);
    await form.replaceSecretButton(1).click();
    await form.variableValue(1).fill('e2e-new-value');
    const replaced = page.waitForRequest((r) => r.url().includes('checks.updateMultiStep'));
    await form.saveButton.click();
    expect((await replaced).postData()).toContain('"key":"API_TOKEN","value":"e2e-new-value","locked":false,"secret":true');
    // The first save's toast may still be showing: the second save adds its own.
    await expect(toast(page, 'Monitor saved').last()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#/monitors/${check.id}$`));
    // The detail page has replaced the form before the next visit (a hash change during the swap would keep the old form).
    await expect(form.form).toBeHidden();

    await openConnected(page, server, `/monitors/${check.id}/edit`);
    await expect(form.storedSecret(1)).toContainText('set');
    expect(await page.content()).not.toContain('e2e-new-value');
  });

  test('channel credentials show "set", stay out of the page and are kept when left empty', async ({ page, server, request }) => {
    const opsgenie = await restPost<{ id: number }>(request, server, '/v1/alert-channels', { type: 'OPSGENIE', config: { name: 'OG', apiKey: SECRET, region: 'EU', priority: 'P3' } });
    const webhook = await restPost<{ id: number }>(request, server, '/v1/alert-channels', {
      type: 'WEBHOOK',
      config: { name: 'Hook', url: 'https://hooks.example.com/x', headers: [{ key: 'Authorization', value: `Bearer ${SECRET}` }], webhookSecret: SECRET },
    });

    const form = new ChannelForm(page, 'Edit alert channel');
    await openConnected(page, server, `/alert-channels/${opsgenie.id}`);
    await expect(form.secret('API key', true)).toHaveValue('');
    await expect(form.form).toContainText('API keyset');
    expect(await page.content()).not.toContain(SECRET);
    await form.name.fill('OG renamed');
    const saved = page.waitForRequest((r) => r.url().includes('alertChannels.update'));
    await form.submit('Save changes');
    expect((await saved).postData()).not.toContain('apiKey');
    await expect(toast(page, 'Alert channel saved')).toBeVisible();
    // Saving returns to the list once the channels are refetched: wait for it, or that navigation lands after the next visit.
    await expect(page).toHaveURL(/#\/alert-channels$/);
    const stored = await request.get(`${server.baseURL}/v1/alert-channels/${opsgenie.id}`, { headers: { Authorization: `Bearer ${server.apiKey}` } });
    expect((await stored.json()).config).toEqual({ name: 'OG renamed', apiKeySet: true, region: 'EU', priority: 'P3' });

    await openConnected(page, server, `/alert-channels/${webhook.id}`);
    await expect(form.secret('Signing secret', true)).toHaveValue('');
    await expect(form.header(1).value).toHaveValue('*****');
    expect(await page.content()).not.toContain(SECRET);
  });
});
