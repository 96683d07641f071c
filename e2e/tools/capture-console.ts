/** Regenerates docs/console.png and docs/dashboard.png for the README: `npx tsx e2e/tools/capture-console.ts` (needs a built renderer). */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AppRouter } from '../../src-main/http/trpc/router';
import type { IcmpMonitorCreateInput } from '../../src-shared/schemas/icmp-monitor';
import { startServer } from '../fixtures/server';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const OUTPUT = fileURLToPath(new URL('../../docs/console.png', import.meta.url));
const DASHBOARD_OUTPUT = fileURLToPath(new URL('../../docs/dashboard.png', import.meta.url));

function icmp(name: string, hostname: string, extra: Partial<IcmpMonitorCreateInput> = {}): IcmpMonitorCreateInput {
  return { checkType: 'ICMP', name, request: { hostname, pingCount: 5 }, ...extra };
}

const sampleScript = (apiURL: string) =>
  `import { test, expect } from '@playwright/test';\ntest('cart', async ({ request }) => { const res = await request.get('${apiURL}/cart'); expect(res.ok()).toBe(true); expect((await res.json()).items).toHaveLength(2); });\n`;

/** A stand-in for the shop API the sample multi-step check calls, on loopback. */
async function startShopApi(): Promise<{ url: string; close: () => Promise<void> }> {
  const shop = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ items: [{ sku: 'A-1' }, { sku: 'B-2' }] }));
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(shop.address() as AddressInfo).port}`, close: () => new Promise((resolve) => shop.close(() => resolve())) };
}

// Loopback targets only: nothing may leave the machine.
const SAMPLE_MONITORS: IcmpMonitorCreateInput[] = [
  icmp('Loopback ping', '127.0.0.1', { frequency: 1, tags: ['lab'] }),
  icmp('Core router', '127.0.0.2', { frequency: 5, tags: ['network', 'production'] }),
  icmp('Office uplink (IPv6)', '::1', { tags: ['network'], request: { hostname: '::1', ipFamily: 'IPv6' } }),
  // Fails on every run: no ping answers in under 0 ms (what a real latency alarm looks like).
  icmp('Edge firewall', '127.0.0.4', {
    frequency: 1,
    tags: ['network', 'production'],
    request: { hostname: '127.0.0.4', pingCount: 5, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }] },
  }),
  // Degraded on every run: any response time is above a 0 ms threshold.
  icmp('Staging gateway', '127.0.0.5', { frequency: 5, tags: ['staging'], degradedResponseTime: 0 }),
  icmp('Backup resolver', '127.0.0.53', { frequency: 60, tags: ['dns'], activated: false }),
];

/** Runs per monitor before the screenshot, so the list shows health, uptime and a strip of results. */
const RUNS = 12;

async function main(): Promise<void> {
  const { server, close } = await startServer();
  const shop = await startShopApi();
  try {
    const api = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.baseURL}/trpc`, headers: { Authorization: `Bearer ${server.apiKey}` } })],
    });
    const group = await api.checkGroups.create.mutate({ group: { name: 'Network' } });
    const active: string[] = [];
    for (const monitor of SAMPLE_MONITORS) {
      const created = await api.checks.createIcmp.mutate(monitor.tags?.includes('network') ? { ...monitor, groupId: group.id } : monitor);
      if (monitor.activated !== false) active.push(created.id);
    }
    const path = await api.checks.createTraceroute.mutate({ name: 'Path to data centre', request: { url: '127.0.0.3', maxHops: 20 }, tags: ['network'], groupId: group.id });
    const flow = await api.checks.createMultiStep.mutate({ name: 'Checkout API flow', script: sampleScript(shop.url), frequency: 5, tags: ['api'] });
    active.push(path.id, flow.id);
    // The fixture's server runs no scheduler: run every active monitor a few times, for real, and wait for each run.
    for (let run = 0; run < RUNS; run++) {
      const started = await Promise.all(active.map((checkId) => api.checkSessions.runNow.mutate({ checkId })));
      for (const session of started) await api.checkSessions.completion.query({ checkSessionId: session.checkSessionId, maxWaitSeconds: 30 });
    }
    const browser = await chromium.launch({
      executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1680, height: 660 }, colorScheme: 'light' });
      // Signed in as the console does it: the server sets the session cookie for the key.
      await page.request.post(`${server.baseURL}/console/session`, { headers: { Authorization: `Bearer ${server.apiKey}` } });
      await page.goto(`${server.baseURL}/#/monitors`);
      await page.getByRole('table', { name: 'Monitors' }).getByText('Backup resolver', { exact: true }).waitFor();
      await mkdir(fileURLToPath(new URL('../../docs', import.meta.url)), { recursive: true });
      await page.screenshot({ path: OUTPUT });
      console.log(`wrote ${OUTPUT}`);
      await page.goto(`${server.baseURL}/#/`);
      await page.getByRole('group', { name: 'Passing monitors' }).getByText(/^\d+$/).waitFor();
      await page.screenshot({ path: DASHBOARD_OUTPUT });
      console.log(`wrote ${DASHBOARD_OUTPUT}`);
    } finally {
      await browser.close();
    }
  } finally {
    await shop.close();
    await close();
  }
}

await main();
