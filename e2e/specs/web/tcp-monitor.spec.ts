import { createServer, type AddressInfo, type Server } from 'node:net';
import { expect, test } from '../../fixtures/server';
import { restGet } from '../../fixtures/rest';
import { openConnected, toast } from '../../pages/console';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';
import { MonitorsPage } from '../../pages/monitors-page';
import { NewTcpMonitorPage } from '../../pages/new-tcp-monitor-page';
import { ResultDetailPage } from '../../pages/result-detail-page';

test.describe('TCP monitors in the web console', () => {
  let echo: Server;
  let port: number;
  test.beforeAll(async () => {
    // A real listener on loopback that answers what it is sent, upper-cased, then closes.
    echo = createServer((socket) => socket.once('data', (chunk) => socket.end(`ECHO ${chunk.toString().toUpperCase()}`)));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    port = (echo.address() as AddressInfo).port;
  });
  test.afterAll(() => {
    echo.close();
  });

  test('creates a TCP monitor in its form, lists it with its port, runs it and shows what the peer answered', async ({ page, server, request }) => {
    const monitors = new MonitorsPage(page);
    const form = new NewTcpMonitorPage(page);

    await openConnected(page, server, '/monitors/new-tcp');
    await expect(form.heading).toBeVisible();
    await form.create({ name: 'Echo port', hostname: '127.0.0.1', port, data: 'hello' });
    await expect(toast(page, 'Monitor created')).toBeVisible();
    const row = monitors.row('Echo port');
    await expect(row).toContainText(`127.0.0.1:${port}`);
    await expect(row).toContainText('TCP');

    const [check] = (await restGet<{ id: string; name: string }[]>(request, server, '/v1/checks')).filter((c) => c.name === 'Echo port');
    const detail = new MonitorDetailPage(page, 'Echo port');
    await openConnected(page, server, `/monitors/${check!.id}`);
    await detail.runNowButton.click();
    await expect(detail.runProgress).toContainText('Passed');

    const [latest] = await restGet<{ id: string }[]>(request, server, `/v1/check-results/${check!.id}?limit=1`);
    const result = new ResultDetailPage(page);
    await openConnected(page, server, `/monitors/${check!.id}/results/${latest!.id}`);
    await expect(result.heading('Echo port')).toBeVisible();
    await expect(result.rawOutput('Response')).toHaveText('ECHO HELLO');
    await expect(result.rawOutput('Data sent')).toHaveText('hello');
    await expect(result.stat('Connect time')).toContainText(/\d+ ms/);
    await expect(result.stat('Bytes received')).toContainText('10');
    await expect(result.stat('Ended')).toContainText('Peer closed');
  });
});
