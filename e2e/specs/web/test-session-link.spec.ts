import { accountId, getTestSession, restPost, triggerTestSession } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { openLinkConnected } from '../../pages/console';
import { SessionDetailPage } from '../../pages/session-detail-page';
import { TestSessionPage } from '../../pages/test-session-page';

// The checks ping loopback; the fixture's server runs no schedule, so the only runs are the triggered ones.
test.describe('a test session (checkly trigger) opens on its own console page', () => {
  test('the testSessionLink the API returns shows the session live to Passed, and its check session opens', async ({ page, server, request }) => {
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/icmp', { name: 'Release ping', request: { hostname: '127.0.0.1', pingCount: 1 } });
    const testSessionId = await triggerTestSession(request, server, 'Release 7', [check.id]);
    const { testSessionLink } = await getTestSession(request, server, testSessionId);
    expect(new URL(testSessionLink).origin).toBe(new URL(server.baseURL).origin);

    const testSession = new TestSessionPage(page);
    await openLinkConnected(page, server, testSessionLink);
    await expect(testSession.heading('Release 7')).toBeVisible();
    await expect(testSession.status).toHaveText('Passed');
    await expect(testSession.checkSessionRow('Release ping')).toContainText('Passed');
    await expect(testSession.checkSessionRow('Release ping')).toContainText('local');
    await expect(testSession.field('Stopped')).not.toContainText('still running');

    const session = new SessionDetailPage(page);
    await testSession.openCheckSession('Release ping');
    await expect(session.heading('Release ping')).toBeVisible();
    await expect(session.status).toHaveText('Passed');
    await expect(session.field('Source')).toContainText('Trigger record');
  });

  test('the CLI\'s "Open session" address redirects to the same page; an unknown id shows the not-found state', async ({ page, server, request }) => {
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/icmp', { name: 'CLI ping', request: { hostname: '127.0.0.1', pingCount: 1 } });
    const testSessionId = await triggerTestSession(request, server, 'From the CLI', [check.id]);
    const account = await accountId(request, server);

    const testSession = new TestSessionPage(page);
    await openLinkConnected(page, server, `${server.baseURL}/accounts/${account}/test-sessions/${testSessionId}`);
    await expect(page).toHaveURL(`${server.baseURL}/#/test-sessions/${testSessionId}`);
    await expect(testSession.heading('From the CLI')).toBeVisible();
    await expect(testSession.checkSessionRow('CLI ping')).toBeVisible();

    await page.goto(`/#/test-sessions/7e570000-0001-8000-8000-ffffffffffff`);
    await expect(testSession.notFound).toBeVisible();
  });
});
