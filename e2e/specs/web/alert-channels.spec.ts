import { createIcmpCheck } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { AlertChannelsPage } from '../../pages/alert-channels-page';
import { ChannelForm } from '../../pages/channel-form';
import { ChannelSubscriptions } from '../../pages/channel-subscriptions';
import { choose, openConnected, toast } from '../../pages/console';

test.describe('alert channels in the web console', () => {
  test('creates a webhook channel with a header, edits it, subscribes a monitor and deletes it', async ({ page, server, request }) => {
    await createIcmpCheck(request, server, 'Edge ping');
    const channels = new AlertChannelsPage(page);
    const form = new ChannelForm(page);

    await openConnected(page, server, '/alert-channels');
    await expect(channels.emptyState).toBeVisible();
    await channels.newChannelButton.click();
    await form.fillWebhook({ name: 'Ops bot', url: 'not a url', headers: [{ key: 'X-Team', value: 'ops' }] });
    await form.submit('Create channel');
    await expect(form.url).toHaveAccessibleDescription(/URL must be an http or https URL/);

    await form.url.fill('https://hooks.example.com/sightline');
    await choose(page, form.method, 'PUT');
    await form.submit('Create channel');
    await expect(toast(page, 'Alert channel created')).toBeVisible();
    const row = channels.row('Ops bot');
    await expect(row).toContainText('Webhook');
    await expect(row).toContainText('PUT https://hooks.example.com/sightline');
    await expect(row).toContainText('failure');

    await channels.editLink('Webhook: Ops bot').click();
    const edit = new ChannelForm(page, 'Edit alert channel');
    await expect(edit.header(1).key).toHaveValue('X-Team');
    await edit.header(1).value.fill('platform');
    await edit.name.fill('Platform bot');
    await edit.submit('Save changes');
    await expect(toast(page, 'Alert channel saved')).toBeVisible();
    await expect(channels.row('Platform bot')).toBeVisible();

    await channels.editLink('Webhook: Platform bot').click();
    const subscriptions = new ChannelSubscriptions(page);
    await subscriptions.subscribe('Edge ping');
    await expect(subscriptions.rows()).toHaveCount(1);
    await expect(subscriptions.rows().first()).toContainText('Edge ping');
    await subscriptions.unsubscribeButton('Edge ping').click();
    await expect(toast(page, 'Unsubscribed')).toBeVisible();
    await expect(subscriptions.table).toBeHidden();

    await page.goto('/#/alert-channels');
    await channels.deleteButton('Webhook: Platform bot').click();
    await channels.confirmDeleteButton.click();
    await expect(toast(page, 'Alert channel deleted')).toBeVisible();
    await expect(channels.emptyState).toBeVisible();
  });
});
