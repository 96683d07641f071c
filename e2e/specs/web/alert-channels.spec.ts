import { createIcmpCheck, restPost } from '../../fixtures/rest';
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
    await expect(subscriptions.emptyNote).toHaveText('Nothing is subscribed yet: pick a monitor above.');
    await subscriptions.subscribe('Edge ping');
    await expect(subscriptions.count).toHaveText('1 subscription');
    await expect(subscriptions.rows()).toHaveCount(1);
    await expect(subscriptions.rows().first()).toContainText('Edge ping');
    await subscriptions.unsubscribeButton('Edge ping').click();
    await expect(toast(page, 'Unsubscribed')).toContainText('Edge ping no longer sends alerts to this channel.');
    await expect(subscriptions.table).toBeHidden();
    await expect(subscriptions.emptyNote).toBeVisible();

    await page.goto('/#/alert-channels');
    await channels.deleteButton('Webhook: Platform bot').click();
    await channels.confirmDeleteButton.click();
    await expect(toast(page, 'Alert channel deleted')).toBeVisible();
    await expect(channels.emptyState).toBeVisible();
  });

  test('a channel with many subscriptions shows them a page at a time, filters them by name and unsubscribes one', async ({ page, server, request }) => {
    const names = Array.from({ length: 30 }, (_, i) => `Node ${String(i + 1).padStart(2, '0')}`);
    for (const name of names) await createIcmpCheck(request, server, name);
    const channel = await restPost<{ id: number }>(request, server, '/v1/alert-channels', { type: 'EMAIL', config: { address: 'fleet@example.test' } });
    const subscriptions = new ChannelSubscriptions(page);

    await openConnected(page, server, `/alert-channels/${channel.id}`);
    await subscriptions.subscribeAllButton.click();
    await subscriptions.confirmSubscribeAll(30).click();
    await expect(subscriptions.count).toHaveText('30 subscriptions');
    await expect(subscriptions.rows()).toHaveCount(25);
    await expect(subscriptions.rows().first()).toContainText('Node 01');
    await expect(subscriptions.rows().last()).toContainText('Node 25');

    await subscriptions.pageButton(2).click();
    await expect(subscriptions.rows()).toHaveCount(5);
    await expect(subscriptions.rows().first()).toContainText('Node 26');

    await subscriptions.filter.fill('NODE 2');
    await expect(subscriptions.count).toHaveText('10 subscriptions match “NODE 2”');
    await expect(subscriptions.rows()).toHaveCount(10);
    await expect(subscriptions.pagination).toBeHidden();
    await subscriptions.unsubscribeButton('Node 27').click();
    await expect(toast(page, 'Unsubscribed')).toContainText('Node 27 no longer sends alerts to this channel.');
    await expect(subscriptions.count).toHaveText('9 subscriptions match “NODE 2”');
    await expect(subscriptions.unsubscribeButton('Node 27')).toBeHidden();

    await subscriptions.filter.fill('no such node');
    await expect(subscriptions.emptyNote).toHaveText('No subscription matches “no such node”: check the spelling or clear the filter.');
    await subscriptions.filter.clear();
    await expect(subscriptions.count).toHaveText('29 subscriptions');
    await expect(subscriptions.subscribeAllButton).toBeEnabled();
  });
});
