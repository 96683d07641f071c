import type { APIRequestContext } from '@playwright/test';
import { restGet, restPost, runToCompletion } from '../../fixtures/rest';
import { expect, test, type SightlineServer } from '../../fixtures/server';
import { choose, openConnected, toast } from '../../pages/console';
import { DashboardPage } from '../../pages/dashboard-page';
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
    // Among the problem monitors, with its badge (the vitest flapping test shows one listed while its last run passed).
    const problems = new DashboardPage(page).problems;
    await expect(problems.getByRole('row').filter({ hasText: 'Wobbly link' }).getByText('Flapping', { exact: true })).toBeVisible();
    await expect(problems.getByRole('row').filter({ hasText: 'Steady link' })).toHaveCount(0);

    await openConnected(page, server, `/monitors/${check.id}`);
    const detail = new MonitorDetailPage(page, 'Wobbly link');
    await expect(detail.statusHeader.getByText('Flapping', { exact: true })).toBeVisible();
  });
});

test.describe('flap detection settings', () => {
  test('are set on a monitor’s and a group’s edit form, refused at their field when they cannot work, and cleared back to inherited', async ({ page, server, request }) => {
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/icmp', { name: 'Branch router', request: { hostname: '127.0.0.1', pingCount: 1 } });
    const group = await restPost<{ id: number }>(request, server, '/v1/check-groups', { name: 'Branches' });
    const checkNow = () => restGet<{ flapDetection?: unknown }>(request, server, `/v1/checks/${check.id}`);

    await openConnected(page, server, `/monitors/${check.id}/edit`);
    const edit = page.getByRole('form', { name: 'Edit ICMP monitor' });
    await expect(edit.getByRole('combobox', { name: 'Flap detection' })).toHaveValue('Inherited');
    await edit.getByRole('textbox', { name: 'State changes' }).fill('6');
    await edit.getByRole('textbox', { name: 'Window (runs)' }).fill('6');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByText('State changes must be less than window')).toBeVisible();
    expect((await checkNow()).flapDetection ?? null, 'nothing stored').toBeNull();

    await edit.getByRole('textbox', { name: 'Window (runs)' }).fill('8');
    await edit.getByRole('textbox', { name: 'Stable after (runs)' }).fill('4');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Monitor saved')).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect.poll(async () => (await checkNow()).flapDetection).toEqual({ changes: 6, windowRuns: 8, stableRuns: 4 });

    // Opened again, the form shows what is stored; emptied, the monitor inherits again.
    await page.goto(`/#/monitors/${check.id}/edit`);
    await expect(edit.getByRole('textbox', { name: 'State changes' })).toHaveValue('6');
    for (const name of ['State changes', 'Window (runs)', 'Stable after (runs)']) await edit.getByRole('textbox', { name }).fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await checkNow()).flapDetection ?? null).toBeNull();

    await openConnected(page, server, `/groups/${group.id}/edit`);
    const groupForm = page.getByRole('form', { name: 'Edit group' });
    await choose(page, groupForm.getByRole('combobox', { name: 'Flap detection' }), 'Off');
    await groupForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Group saved')).toBeVisible();
    await expect.poll(async () => (await restGet<{ flapDetection?: unknown }>(request, server, `/v1/check-groups/${group.id}`)).flapDetection).toEqual({ enabled: false });
  });
});
