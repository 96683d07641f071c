import { startGrpcTargets, type GrpcTargets } from '../../../test/checks/grpc-server';
import { expect, test } from '../../fixtures/server';
import { restGet } from '../../fixtures/rest';
import { openConnected, toast } from '../../pages/console';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';
import { MonitorsPage } from '../../pages/monitors-page';
import { NewGrpcMonitorPage } from '../../pages/new-grpc-monitor-page';
import { ResultDetailPage } from '../../pages/result-detail-page';

test.describe('gRPC monitors in the web console', () => {
  // A real gRPC server on loopback (grpc-js): the health service, a Greeter and server reflection.
  let targets: GrpcTargets;
  test.beforeAll(async () => {
    targets = await startGrpcTargets();
  });
  test.afterAll(async () => {
    await targets.close();
  });

  test('creates a health-check monitor in its form, lists it with host:port, runs it and shows the status and health', async ({ page, server, request }) => {
    const monitors = new MonitorsPage(page);
    const form = new NewGrpcMonitorPage(page);

    await openConnected(page, server, '/monitors/new-grpc');
    await expect(form.heading).toBeVisible();
    await form.create({ name: 'Greeter health', host: '127.0.0.1', port: targets.plain, tls: false, service: 'demo.v1.Greeter' });
    await expect(toast(page, 'Monitor created')).toBeVisible();
    const row = monitors.row('Greeter health');
    await expect(row).toContainText(`127.0.0.1:${targets.plain}`);
    await expect(row).toContainText('gRPC');

    const [check] = (await restGet<{ id: string; name: string }[]>(request, server, '/v1/checks')).filter((c) => c.name === 'Greeter health');
    const detail = new MonitorDetailPage(page, 'Greeter health');
    await openConnected(page, server, `/monitors/${check!.id}`);
    await detail.runNowButton.click();
    await expect(detail.runProgress).toContainText('Passed');

    const [latest] = await restGet<{ id: string }[]>(request, server, `/v1/check-results/${check!.id}?limit=1`);
    const result = new ResultDetailPage(page);
    await openConnected(page, server, `/monitors/${check!.id}/results/${latest!.id}`);
    await expect(result.heading('Greeter health')).toBeVisible();
    await expect(result.stat('Status')).toContainText('0');
    await expect(result.stat('Health')).toContainText('SERVING');
  });

  test('a method called by reflection that answers FAILED_PRECONDITION fails, and the result shows the code and the message', async ({ page, server, request }) => {
    const form = new NewGrpcMonitorPage(page);
    await openConnected(page, server, '/monitors/new-grpc');
    await form.create({ name: 'Greeter fail', host: '127.0.0.1', port: targets.plain, tls: false, method: 'demo.v1.Greeter/Fail' });
    await expect(toast(page, 'Monitor created')).toBeVisible();

    const [check] = (await restGet<{ id: string; name: string }[]>(request, server, '/v1/checks')).filter((c) => c.name === 'Greeter fail');
    const detail = new MonitorDetailPage(page, 'Greeter fail');
    await openConnected(page, server, `/monitors/${check!.id}`);
    await detail.runNowButton.click();
    await expect(detail.runProgress).toContainText('Failed');

    const [latest] = await restGet<{ id: string }[]>(request, server, `/v1/check-results/${check!.id}?limit=1`);
    const result = new ResultDetailPage(page);
    await openConnected(page, server, `/monitors/${check!.id}/results/${latest!.id}`);
    await expect(result.stat('Status')).toContainText('9');
    await expect(page.getByRole('main').getByLabel('Status message', { exact: true })).toContainText('the greeter is closed for the night');
  });
});
