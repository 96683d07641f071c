import { createFailingIcmpCheck, restPost, runToCompletion } from '../../fixtures/rest';
import { startWebhookReceiver, type WebhookReceiver } from '../../fixtures/webhook-receiver';
import { expect, test } from '../../fixtures/server';
import { openLinkConnected } from '../../pages/console';
import { ResultDetailPage } from '../../pages/result-detail-page';

test.describe('links Sightline sends land on the console page they name', () => {
  let receiver: WebhookReceiver;
  test.beforeEach(async () => {
    receiver = await startWebhookReceiver();
  });
  test.afterEach(async () => {
    await receiver.close();
  });

  test("an alert's RESULT_LINK opens the result detail of the failing result", async ({ page, server, request }) => {
    await restPost(request, server, '/v1/alert-channels', {
      type: 'WEBHOOK',
      config: { name: 'Link hook', url: receiver.url, method: 'POST' },
      autoSubscribe: true,
    });
    const check = await createFailingIcmpCheck(request, server, 'Linked ping');
    const session = await runToCompletion(request, server, check.id);

    const alert = JSON.parse((await receiver.firstRequest).body) as { RESULT_LINK: string; CHECK_RESULT_ID: string };
    expect(new URL(alert.RESULT_LINK).origin).toBe(new URL(server.baseURL).origin);
    const result = new ResultDetailPage(page);
    await openLinkConnected(page, server, alert.RESULT_LINK);
    await expect(result.heading('Linked ping')).toBeVisible();
    await expect(result.field('Session')).toContainText(session.checkSessionId);
  });

  test("the API's checkResultLink opens the same page", async ({ page, server, request }) => {
    const check = await createFailingIcmpCheck(request, server, 'API linked ping');
    const session = await runToCompletion(request, server, check.id);
    const detail = await request.get(`${server.baseURL}/v1/check-sessions/${session.checkSessionId}`, { headers: { Authorization: `Bearer ${server.apiKey}` } });
    const { results } = (await detail.json()) as { results: { checkResultLink: string }[] };

    const result = new ResultDetailPage(page);
    await openLinkConnected(page, server, results[0].checkResultLink);
    await expect(result.heading('API linked ping')).toBeVisible();
    await expect(result.field('Session')).toContainText(session.checkSessionId);
  });
});
