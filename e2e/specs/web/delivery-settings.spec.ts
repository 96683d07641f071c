import { expect, test } from '../../fixtures/server';
import { AlertDeliverySettings } from '../../pages/alert-delivery-settings';
import { openConnected, toast } from '../../pages/console';

test.describe('delivery and account alert settings in the web console', () => {
  test('saves delivery settings, refusing a bad URL with the schema message, and keeps them after a reload', async ({ page, server }) => {
    const settings = new AlertDeliverySettings(page);
    await openConnected(page, server, '/settings');
    await expect(settings.deliveryField('Public base URL')).toHaveValue(server.baseURL);
    await expect(settings.deliverySecret('Slack app token', false)).toBeVisible();

    await settings.deliveryField('Public base URL').fill('console.example');
    await settings.saveDelivery();
    await expect(settings.deliveryField('Public base URL')).toHaveAccessibleDescription(/Public base URL must be an http\(s\) URL/);

    await settings.deliveryField('Public base URL').fill('http://127.0.0.1:9999/console');
    await settings.deliveryField('Notifications per window').fill('5');
    await settings.deliveryField('Window (minutes)').fill('30');
    await settings.deliverySecret('Slack app token', false).fill('xoxb-e2e-token');
    await settings.saveDelivery();
    await expect(toast(page, 'Delivery settings saved')).toBeVisible();
    await expect(settings.deliverySecret('Slack app token', true)).toHaveValue('');

    await page.reload();
    await expect(settings.deliveryField('Public base URL')).toHaveValue('http://127.0.0.1:9999/console');
    await expect(settings.deliveryField('Notifications per window')).toHaveValue('5');
    await expect(settings.deliveryField('Window (minutes)')).toHaveValue('30');
    await expect(settings.deliverySecret('Slack app token', true)).toBeVisible();
    await expect(settings.deliverySecret('SMTP password', true)).toHaveCount(0);
  });

  test('saves time-based escalation with reminders and keeps it after a reload', async ({ page, server }) => {
    const settings = new AlertDeliverySettings(page);
    await openConnected(page, server, '/settings');
    await expect(settings.escalationOption('By failed runs')).toBeChecked();
    await expect(settings.alertSelect('Alert after')).toHaveValue('After 1 failed run');

    await settings.escalateBy('By time failing');
    await settings.chooseAlert('Alert after', 'After 15 minutes failing');
    await settings.chooseAlert('Reminders', '3');
    await settings.chooseAlert('Reminder interval', 'Every 10 min');
    await settings.saveAlertSettings();
    await expect(toast(page, 'Alert settings saved')).toBeVisible();

    await page.reload();
    await expect(settings.escalationOption('By time failing')).toBeChecked();
    await expect(settings.alertSelect('Alert after')).toHaveValue('After 15 minutes failing');
    await expect(settings.alertSelect('Reminders')).toHaveValue('3');
    await expect(settings.alertSelect('Reminder interval')).toHaveValue('Every 10 min');
  });
});
