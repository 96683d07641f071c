import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listChecks } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { blockingViolations } from '../../tools/axe';
import { openConnected, toast } from '../../pages/console';
import { MonitorsPage } from '../../pages/monitors-page';
import { ResultDetailPage } from '../../pages/result-detail-page';
import { runProgress, viewSessionLink } from '../../pages/run-progress';
import { SessionDetailPage } from '../../pages/session-detail-page';

// A real https target on 127.0.0.1 with a self-signed certificate the test makes, valid for 10 days.
let dir = '';
let target: Server;
let port = 0;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sightline-ssl-e2e-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '10', '-subj', '/CN=shop.test', '-addext', 'subjectAltName=IP:127.0.0.1'],
    { cwd: dir, stdio: 'ignore' },
  );
  target = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  port = (target.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => target.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

test('an SSL monitor made in the form reports the certificate days left, the chain and why it is not trusted', async ({ page, server }) => {
  const form = page.getByRole('form', { name: 'New SSL monitor' });
  await openConnected(page, server, '/monitors/new-ssl');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Shop certificate');
  await form.getByRole('textbox', { name: 'Hostname', exact: true }).fill('127.0.0.1');
  await form.getByRole('textbox', { name: 'Port', exact: true }).fill(String(port));
  expect(await blockingViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Create monitor' }).click();
  await expect(toast(page, 'Monitor created')).toBeVisible();

  const monitors = new MonitorsPage(page);
  await expect(monitors.row('Shop certificate')).toContainText(`127.0.0.1:${port}`);
  await monitors.runNow('Shop certificate');
  const progress = runProgress(page, 'Shop certificate');
  await expect(progress).toContainText('Failed');
  await viewSessionLink(progress).click();
  await new SessionDetailPage(page).openResult('FINAL');

  const result = new ResultDetailPage(page);
  await expect(result.heading('Shop certificate')).toBeVisible();
  await expect(result.stat('Days left')).toContainText(/^Days left(9|10)$/);
  await expect(result.stat('Chain trusted')).toContainText('No');
  await expect(page.getByRole('table', { name: 'Certificate chain' })).toContainText('shop.test');
  await expect(page.getByRole('table', { name: 'Certificate chain' })).toContainText('self-signed');
  expect(await blockingViolations(page)).toEqual([]);
});

test('Send now on the SSL monitor form runs the handshake once, unsaved, and shows the days left and the chain', async ({ page, server, request }) => {
  const form = page.getByRole('form', { name: 'New SSL monitor' });
  await openConnected(page, server, '/monitors/new-ssl');
  await form.getByRole('textbox', { name: 'Hostname', exact: true }).fill('127.0.0.1');
  await form.getByRole('textbox', { name: 'Port', exact: true }).fill(String(port));
  await form.getByRole('button', { name: 'Send now' }).click();
  const panel = form.getByRole('region', { name: 'Send now result' });
  await expect(panel.locator('[data-status]')).toHaveText('Failed');
  await expect(panel.getByRole('heading', { name: 'Handshake' })).toBeVisible();
  await expect(panel.getByRole('listitem', { name: 'Days left' })).toContainText(/^Days left(9|10)$/);
  await expect(panel.getByRole('listitem', { name: 'Chain trusted' })).toContainText('No');
  await expect(panel.getByRole('table', { name: 'Certificate chain' })).toContainText('shop.test');
  expect(await blockingViolations(page)).toEqual([]);
  expect(await listChecks(request, server)).toEqual([]);
});
