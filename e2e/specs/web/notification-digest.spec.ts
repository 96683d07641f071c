import { restPost, runToCompletion } from '../../fixtures/rest';
import { startWebhookReceiver, type WebhookReceiver } from '../../fixtures/webhook-receiver';
import { expect, test } from '../../fixtures/server';
import { openConnected } from '../../pages/console';
import { NotificationsPage } from '../../pages/notifications-page';

const FAILING = { hostname: '127.0.0.1', pingCount: 1, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }] };

// Issue 30, item 2: over a channel's budget an alert is not dropped; it waits for the channel's
// digest, and the notification log says which digest carries it.
test.describe('the notification log over a channel’s budget', () => {
  let receiver: WebhookReceiver;
  test.beforeEach(async () => {
    receiver = await startWebhookReceiver();
  });
  test.afterEach(async () => {
    await receiver.close();
  });

  test('an alert over the budget waits in a digest, and the log names that digest', async ({ page, server, request }) => {
    const budget = await request.post(`${server.baseURL}/trpc/alerts.setDeliverySettings`, {
      headers: { Authorization: `Bearer ${server.apiKey}` },
      data: { rateLimit: { max: 1, windowMinutes: 10 } },
    });
    expect(budget.ok(), await budget.text()).toBe(true);
    const channel = await restPost<{ id: number }>(request, server, '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'Budget hook', url: receiver.url } });
    const subscribed = { doubleCheck: false, alertChannelSubscriptions: [{ alertChannelId: channel.id, activated: true }], request: FAILING };
    const first = await restPost<{ id: string }>(request, server, '/v1/checks/icmp?autoAssignAlerts=false', { name: 'First down', ...subscribed });
    const second = await restPost<{ id: string }>(request, server, '/v1/checks/icmp?autoAssignAlerts=false', { name: 'Second down', ...subscribed });
    await runToCompletion(request, server, first.id);
    await receiver.firstRequest;
    await runToCompletion(request, server, second.id);

    const log = new NotificationsPage(page);
    await openConnected(page, server, '/notifications');
    const digestRow = log.rows().filter({ has: page.getByRole('code').getByText('DIGEST', { exact: true }) });
    await expect(digestRow).toHaveCount(1);
    await expect(digestRow).toContainText('IN_PROGRESS');
    await log.openDetails(digestRow);
    const digestId = (await log.detail.getByRole('row', { name: /Notification id/ }).getByRole('cell').innerText()).trim();
    await page.keyboard.press('Escape');
    await expect(log.detail).toBeHidden();

    const waiting = log.rows().filter({ hasText: 'Second down' });
    await expect(waiting).toContainText('IN_PROGRESS');
    await expect(log.rows().filter({ hasText: 'RATE_LIMITED' })).toHaveCount(0);
    await log.openDetails(waiting);
    await expect(log.detail.getByRole('row', { name: /Carried by digest/ })).toContainText(digestId);
    await expect(log.detailResult).toContainText(`goes out in digest ${digestId}`);
    await page.keyboard.press('Escape');
    await expect(log.detail).toBeHidden();

    // The list names the digest too, and its link opens it.
    await waiting.getByRole('button', { name: `Carried by digest ${digestId}` }).click();
    await expect(log.detail.getByRole('row', { name: /Notification id/ })).toContainText(digestId);
    await expect(log.detail.getByRole('row', { name: /Alert type/ })).toContainText('DIGEST');
  });
});
