import { restPost } from '../../fixtures/rest';
import { startWebhookReceiver, type WebhookReceiver } from '../../fixtures/webhook-receiver';
import { expect, test } from '../../fixtures/server';
import { AlertChannelsPage } from '../../pages/alert-channels-page';
import { ChannelForm } from '../../pages/channel-form';
import { ConsoleChrome, openConnected, toast } from '../../pages/console';
import { NotificationsPage } from '../../pages/notifications-page';

test.describe('test notifications and the notification log in the web console', () => {
  let receiver: WebhookReceiver;
  test.beforeEach(async () => {
    receiver = await startWebhookReceiver('accepted by the loopback receiver');
  });
  test.afterEach(async () => {
    await receiver.close();
  });

  test('a webhook channel on loopback gets a test notification and the log shows it SUCCESS', async ({ page, server }) => {
    const channels = new AlertChannelsPage(page);
    const form = new ChannelForm(page);
    const log = new NotificationsPage(page);

    await openConnected(page, server, '/alert-channels/new');
    await form.fillWebhook({ name: 'Loopback hook', url: receiver.url });
    await form.templateVariablesButton.click();
    await expect(form.templateVariablesDialog).toContainText('{{EVENT_ID}}');
    await page.keyboard.press('Escape');
    await expect(form.templateVariablesDialog).toBeHidden();
    await form.submit('Create channel');
    await expect(toast(page, 'Alert channel created')).toBeVisible();

    await channels.editLink('Webhook: Loopback hook').click();
    await form.sendTestButton.click();
    const sent = toast(page, 'Test notification sent');
    await expect(sent).toBeVisible();

    const received = await receiver.firstRequest;
    expect(received.method).toBe('POST');
    expect(received.url).toBe('/hooks/sightline');
    expect(received.body).toContain('TEST');

    await NotificationsPage.logLinkOf(sent).click();
    await expect(page).toHaveURL(/#\/notifications\?channel=\d+$/);
    await expect(log.channelFilter).toHaveValue('Webhook: Loopback hook');
    const row = log.rows().first();
    await expect(log.rows()).toHaveCount(1);
    await expect(row).toContainText('SUCCESS');
    await expect(row).toContainText('Test notification');
    await expect(row).toContainText('accepted by the loopback receiver');

    await log.openDetails(row);
    await expect(log.detailResult).toContainText('accepted by the loopback receiver');
    await expect(log.detailAlertConfig).toContainText(receiver.url);
    await page.keyboard.press('Escape');
    await expect(log.detail).toBeHidden();

    // The switch follows the URL, which updates just after the click, so click and then wait for the state.
    await log.failuresOnly.click();
    await expect(log.failuresOnly).toBeChecked();
    await expect(page).toHaveURL(/failures=1/);
    await expect(log.noMatches).toBeVisible();
  });

  test('the channel list sends a test notification from its row', async ({ page, server, request }) => {
    await restPost(request, server, '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'Row hook', url: receiver.url, method: 'POST' } });
    const channels = new AlertChannelsPage(page);
    await openConnected(page, server, '/alert-channels');
    await channels.sendTestButton('Webhook: Row hook').click();
    await expect(toast(page, 'Test notification sent')).toBeVisible();
    expect((await receiver.firstRequest).method).toBe('POST');

    await new ConsoleChrome(page).navLink('Notifications').click();
    const log = new NotificationsPage(page);
    await expect(log.rows()).toHaveCount(1);
    await expect(log.rows().first()).toContainText('SUCCESS');
    await expect(log.rows().first()).toContainText('Test notification');
  });
});
