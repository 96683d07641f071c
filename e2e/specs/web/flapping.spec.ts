import type { APIRequestContext } from '@playwright/test';
import { restPost, runToCompletion } from '../../fixtures/rest';
import { expect, test, type SightlineServer } from '../../fixtures/server';
import { openConnected } from '../../pages/console';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';

const PASSING = [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '60000' }];
const FAILING = [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }];

async function setAssertions(request: APIRequestContext, server: SightlineServer, id: string, assertions: unknown[]): Promise<void> {
  const response = await request.put(`${server.baseURL}/v1/checks/icmp/${id}`, {
    headers: { Authorization: `Bearer ${server.apiKey}` },
    data: { request: { hostname: '127.0.0.1', pingCount: 1, assertions } },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

// A check whose verdict alternates run after run (its assertion is switched between runs).
test.describe('a flapping monitor', () => {
  test('is shown as Flapping in the Monitors list, on the dashboard and on its own page', async ({ page, server, request }) => {
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/icmp', {
      name: 'Wobbly link',
      doubleCheck: false,
      flapDetection: { changes: 2, windowRuns: 4, stableRuns: 3 },
      request: { hostname: '127.0.0.1', pingCount: 1, assertions: PASSING },
    });
    const steady = await restPost<{ id: string }>(request, server, '/v1/checks/icmp', { name: 'Steady link', doubleCheck: false, request: { hostname: '127.0.0.1', pingCount: 1 } });
    await runToCompletion(request, server, steady.id);
    for (const assertions of [PASSING, FAILING, PASSING, FAILING]) {
      await setAssertions(request, server, check.id, assertions);
      await runToCompletion(request, server, check.id);
    }

    await openConnected(page, server, '/monitors');
    const wobbly = page.getByRole('row').filter({ hasText: 'Wobbly link' });
    await expect(wobbly.getByText('Flapping', { exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Steady link' }).getByText('Flapping', { exact: true })).toHaveCount(0);

    await openConnected(page, server, '/');
    await expect(page.getByText('Flapping', { exact: true }).first()).toBeVisible();

    await openConnected(page, server, `/monitors/${check.id}`);
    const detail = new MonitorDetailPage(page, 'Wobbly link');
    await expect(detail.statusHeader.getByText('Flapping', { exact: true })).toBeVisible();
  });
});
