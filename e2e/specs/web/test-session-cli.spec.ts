import { randomUUID } from 'node:crypto';
import { restGet, restPost } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { openLinkConnected } from '../../pages/console';
import { TestSessionPage } from '../../pages/test-session-page';
import { blockingViolations } from '../../tools/axe';

const job = (logicalId: string, name: string, assertions: unknown[] = []) => ({
  logicalId,
  name,
  checkType: 'ICMP',
  request: { hostname: '127.0.0.1', pingCount: 1, assertions },
  sourceInfo: { checkRunSuiteId: randomUUID(), checkRunId: randomUUID() },
});

// What `checkly test --record` sends (the CLI's own run is covered in test/cli); its checks are never stored as monitors.
test.describe('a recorded `checkly test` run in the console', () => {
  test('its page shows each check by name and logicalId, the failing one failed, with no monitor links', async ({ page, server, request }) => {
    const run = await restPost<{ testSessionId: string }>(request, server, '/v1/test-sessions/run', {
      name: 'Pre-release checks',
      shouldRecord: true,
      checkRunJobs: [
        job('gateway-ping', 'Gateway ping'),
        job('strict-ping', 'Strict ping', [{ source: 'LATENCY', property: 'avg', comparison: 'LESS_THAN', target: '0' }]),
      ],
    });
    const { testSessionLink } = await restGet<{ testSessionLink: string }>(request, server, `/v1/test-sessions/${run.testSessionId}`);

    const testSession = new TestSessionPage(page);
    await openLinkConnected(page, server, testSessionLink);
    await expect(testSession.heading('Pre-release checks')).toBeVisible();
    await expect(page.getByRole('main')).toContainText('checkly test');
    // The page follows the run live until both checks finish.
    await expect(testSession.status).toHaveText('Failed');
    await expect(testSession.codeCheckRow('Gateway ping')).toContainText('Passed');
    await expect(testSession.codeCheckRow('Gateway ping')).toContainText('gateway-ping');
    await expect(testSession.codeCheckRow('Strict ping')).toContainText('Failed');
    await expect(testSession.checkSessions.getByRole('link')).toHaveCount(0);
    await expect(testSession.field('Checks')).toContainText('2');
    expect(await blockingViolations(page)).toEqual([]);
    expect(await restGet<unknown[]>(request, server, '/v1/checks')).toEqual([]);
  });
});
