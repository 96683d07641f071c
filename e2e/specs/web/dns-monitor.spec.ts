import { createServer, type AddressInfo, type Server } from 'node:net';
import { startDnsServers, type DnsServers } from '../../../test/checks/dns-server';
import { expect, test } from '../../fixtures/server';
import { restGet, restPost, runToCompletion } from '../../fixtures/rest';
import { openConnected, toast } from '../../pages/console';
import { DashboardPage } from '../../pages/dashboard-page';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';
import { MonitorsPage } from '../../pages/monitors-page';
import { NewDnsMonitorPage } from '../../pages/new-dns-monitor-page';
import { ResultDetailPage } from '../../pages/result-detail-page';

// The DNS server the DNS tests start (test/checks/dns-server.ts): app.test has A 10.1.2.3; any other name is NXDOMAIN.
test.describe('DNS monitors in the web console', () => {
  let dns: DnsServers;
  let closed: Server;
  let refusedPort: number;
  test.beforeAll(async () => {
    dns = await startDnsServers();
    // A port that refuses: bound, then released.
    closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    refusedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
  });
  test.afterAll(async () => {
    await dns.close();
  });

  test('creates a DNS monitor in its form, lists it with its record, runs it and shows the response code and the answer', async ({ page, server, request }) => {
    const monitors = new MonitorsPage(page);
    const form = new NewDnsMonitorPage(page);

    await openConnected(page, server, '/monitors/new-dns');
    await expect(form.heading).toBeVisible();
    await form.create({ name: 'App record', query: 'app.test', nameServer: '127.0.0.1', port: dns.port, protocol: 'TCP' });
    await expect(toast(page, 'Monitor created')).toBeVisible();
    const row = monitors.row('App record');
    await expect(row).toContainText('A app.test');
    await expect(row).toContainText('DNS');

    const [check] = (await restGet<{ id: string; name: string; request: { protocol: string; port: number } }[]>(request, server, '/v1/checks')).filter((c) => c.name === 'App record');
    expect(check!.request).toMatchObject({ protocol: 'TCP', port: dns.port });
    const detail = new MonitorDetailPage(page, 'App record');
    await openConnected(page, server, `/monitors/${check!.id}`);
    await detail.runNowButton.click();
    await expect(detail.runProgress).toContainText('Passed');

    const [latest] = await restGet<{ id: string }[]>(request, server, `/v1/check-results/${check!.id}?limit=1`);
    const result = new ResultDetailPage(page);
    await openConnected(page, server, `/monitors/${check!.id}/results/${latest!.id}`);
    await expect(result.heading('App record')).toBeVisible();
    await expect(result.stat('Response code')).toContainText('NOERROR');
    await expect(result.stat('Records')).toContainText('1');
    const answer = page.getByRole('main').getByRole('table', { name: 'Answer' });
    await expect(answer.getByRole('row').nth(1)).toContainText('app.test');
    await expect(answer.getByRole('row').nth(1)).toContainText('10.1.2.3');
  });

  test('the dashboard lists a DNS monitor answered NXDOMAIN and a TCP monitor refused as failing; their result pages say why (NXDOMAIN, connection refused)', async ({ page, server, request }) => {
    const name = await restPost<{ id: string }>(request, server, '/v1/checks/dns', { name: 'Gone record', request: { query: 'gone.test', recordType: 'A', nameServer: '127.0.0.1', port: dns.port } });
    const port = await restPost<{ id: string }>(request, server, '/v1/checks/tcp', { name: 'Closed port', request: { hostname: '127.0.0.1', port: refusedPort } });
    for (const id of [name.id, port.id]) await runToCompletion(request, server, id);

    const dashboard = new DashboardPage(page);
    await openConnected(page, server, '/');
    await expect(dashboard.count('Failing')).toHaveText('2');
    await expect(dashboard.problems).toContainText('Gone record');
    await expect(dashboard.problems).toContainText('Closed port');
    await expect(dashboard.lanes).toContainText('DNS');
    await expect(dashboard.lanes).toContainText('TCP');

    const result = new ResultDetailPage(page);
    const [dnsResult] = await restGet<{ id: string }[]>(request, server, `/v1/check-results/${name.id}?limit=1`);
    await openConnected(page, server, `/monitors/${name.id}/results/${dnsResult!.id}`);
    await expect(result.stat('Response code')).toContainText('NXDOMAIN');
    await expect(page.getByRole('main').getByText('No records.')).toBeVisible();

    const [tcpResult] = await restGet<{ id: string }[]>(request, server, `/v1/check-results/${port.id}?limit=1`);
    await openConnected(page, server, `/monitors/${port.id}/results/${tcpResult!.id}`);
    await expect(result.heading('Closed port')).toBeVisible();
    await expect(page.getByRole('main')).toContainText('connection refused');
    await expect(result.stat('Connect time')).toContainText('—');
    await expect(result.stat('Ended')).toContainText('Error');
  });
});
