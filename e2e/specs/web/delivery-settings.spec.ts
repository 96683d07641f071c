import { expect, test } from '../../fixtures/server';
import { AlertDeliverySettings } from '../../pages/alert-delivery-settings';
import { openConnected, toast } from '../../pages/console';

test.describe('delivery and account alert settings in the web console', () => {
  test('saves delivery settings, refusing a bad URL with the schema message, and keeps them after a reload', async ({ page, server }) => {
    const settings = new AlertDeliverySettings(page);
    await openConnected(page, server, '/settings');
    await expect(settings.deliveryField('Public base URL')).toHaveValue(server.baseURL);
    await expect(settings.deliveryForm.getByLabel('Set Slack app token')).toBeVisible();

    await settings.deliveryField('Public base URL').fill('console.example');
    await settings.saveDelivery();
    await expect(settings.deliveryField('Public base URL')).toHaveAccessibleDescription(/Public base URL must be an http\(s\) URL/);

    await settings.deliveryField('Public base URL').fill('http://127.0.0.1:9999/console');
    await settings.deliveryForm.getByRole('textbox', { name: 'Notifications per window' }).fill('5');
    await settings.deliveryForm.getByRole('textbox', { name: 'Window (minutes)' }).fill('30');
    await settings.deliveryForm.getByLabel('Set Slack app token').fill('xoxb-e2e-token');
    await settings.saveDelivery();
    await expect(toast(page, 'Delivery settings saved')).toBeVisible();
    await expect(settings.deliveryForm.getByLabel('Replace Slack app token')).toHaveValue('');

    await page.reload();
    await expect(settings.deliveryField('Public base URL')).toHaveValue('http://127.0.0.1:9999/console');
    await expect(settings.deliveryForm.getByRole('textbox', { name: 'Notifications per window' })).toHaveValue('5');
    await expect(settings.deliveryForm.getByRole('textbox', { name: 'Window (minutes)' })).toHaveValue('30');
    await expect(settings.deliveryForm.getByLabel('Replace Slack app token')).toBeVisible();
    await expect(settings.deliveryForm.getByLabel('Replace SMTP password')).toHaveCount(0);
  });

  test('saves time-based escalation with reminders and keeps it after a reload', async ({ page, server }) => {
    const settings = new AlertDeliverySettings(page);
    await openConnected(page, server, '/settings');
    await expect(settings.alertSelect('Alert after')).toHaveValue('After 1 failed run');

    await settings.escalateBy('By time failing');
    await settings.chooseAlert('Alert after', 'After 15 minutes failing');
    await settings.chooseAlert('Reminders', '3');
    await settings.chooseAlert('Reminder interval', 'Every 10 min');
    await settings.saveAlertSettings();
    await expect(toast(page, 'Alert settings saved')).toBeVisible();

    await page.reload();
    await expect(settings.alertSelect('Alert after')).toHaveValue('After 15 minutes failing');
    await expect(settings.alertSelect('Reminders')).toHaveValue('3');
    await expect(settings.alertSelect('Reminder interval')).toHaveValue('Every 10 min');

    const stored = await page.request.get(`${server.baseURL}/trpc/alerts.getAccountAlertSettings`, { headers: { Authorization: `Bearer ${server.apiKey}` } });
    expect((await stored.json()).result.data).toMatchObject({ escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 15 }, reminders: { amount: 3, interval: 10 } });
  });
});
