/** Regenerates docs/console.png and docs/dashboard.png for the README: `npx tsx e2e/tools/capture-console.ts` (needs a built renderer). */
import { existsSync } from 'node:fs';
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

const SAMPLE_SCRIPT = "import { test } from '@playwright/test';\ntest('health', async ({ request }) => { await request.get('http://127.0.0.1:4310/health'); });\n";

// Loopback targets only: the server this tool starts runs its scheduler, and nothing may leave the machine.
const SAMPLE_MONITORS: IcmpMonitorCreateInput[] = [
  icmp('Loopback ping', '127.0.0.1', { frequency: 1, tags: ['lab'] }),
  icmp('Core router', '127.0.0.2', { frequency: 5, tags: ['network', 'production'] }),
  icmp('Office uplink (IPv6)', '::1', { tags: ['network'], request: { hostname: '::1', ipFamily: 'IPv6' } }),
  icmp('Backup resolver', '127.0.0.53', { frequency: 60, tags: ['dns'], activated: false }),
];

async function main(): Promise<void> {
  const { server, close } = await startServer();
  try {
    const api = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.baseURL}/trpc`, headers: { Authorization: `Bearer ${server.apiKey}` } })],
    });
    const group = await api.checkGroups.create.mutate({ group: { name: 'Network' } });
    for (const monitor of SAMPLE_MONITORS) {
      await api.checks.createIcmp.mutate(monitor.tags?.includes('network') ? { ...monitor, groupId: group.id } : monitor);
    }
    await api.checks.createTraceroute.mutate({ name: 'Path to data centre', request: { url: '127.0.0.3', maxHops: 20 }, tags: ['network'], groupId: group.id });
    await api.checks.createMultiStep.mutate({ name: 'Checkout API flow', script: SAMPLE_SCRIPT, frequency: 5, tags: ['api'] });
    const browser = await chromium.launch({
      executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 660 }, colorScheme: 'light' });
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
    await close();
  }
}

await main();
