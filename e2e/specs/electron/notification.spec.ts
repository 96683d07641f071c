import { expect, skipWithoutElectron, test } from '../../fixtures/electron-app';
import { DesktopProbe } from '../../pages/desktop-probe';

skipWithoutElectron();

test('an opted-in failing monitor becomes a native notification naming it, whose click opens its page', async ({ desktop }) => {
  const { apiBaseUrl, token } = await desktop.connection();
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${apiBaseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect((await call('POST', '/trpc/desktop.setNotificationSettings', { enabled: true, scope: 'all', checkIds: [] })).status).toBe(200);
  const created = await call('POST', '/v1/checks/icmp?autoAssignAlerts=false', {
    name: 'Desk ping',
    activated: true,
    frequency: 1440,
    request: { hostname: '127.0.0.1', pingCount: 1, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }] },
  });
  expect(created.status).toBe(201);
  const checkId = ((await created.json()) as { id: string }).id;
  expect((await call('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })).status).toBe(201);

  const probe = new DesktopProbe(desktop.app);
  await expect.poll(() => probe.notices(), { timeout: 30_000 }).toEqual([{ title: 'Desk ping is failing', body: expect.any(String), route: `/monitors/${checkId}` }]);
  await probe.closeWindow();
  await probe.clickNotice(0);
  await expect.poll(() => probe.windowVisible()).toBe(true);
  await expect(desktop.window).toHaveURL(new RegExp(`#/monitors/${checkId}$`));
});
