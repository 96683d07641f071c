import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listChecks } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { openConnected } from '../../pages/console';
import { HttpCheckForm } from '../../pages/http-check-form';
import { blockingViolations } from '../../tools/axe';

// A real local target on 127.0.0.1 that answers 503 with a JSON body, and counts what it got.
let target: Server;
let targetUrl = '';
let requests = 0;

test.beforeAll(async () => {
  target = createServer((_req, res) => {
    requests += 1;
    res.writeHead(503, { 'content-type': 'application/json', 'x-shop': 'eu-1' });
    res.end(JSON.stringify({ status: 'down', db: { ok: false } }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => target.close(() => resolve()));
});

test('Send now shows an unsaved API check\'s response before saving: the failing assertion with expected and actual, the status and the body; nothing is saved', async ({
  page,
  server,
  request,
}) => {
  const form = new HttpCheckForm(page, 'New API check');
  await openConnected(page, server, '/monitors/new-api');
  await form.field('URL').fill(targetUrl);
  const before = requests;
  await form.form.getByRole('button', { name: 'Send now' }).click();
  const panel = page.getByRole('region', { name: 'Send now result' });
  await expect(panel.locator('[data-status]')).toHaveText('Failed');
  expect(requests).toBe(before + 1);
  const failing = panel.getByRole('region', { name: 'Failing assertions' });
  await expect(failing).toContainText('Status code');
  await expect(failing).toContainText('Expected 200, got 503');
  await expect(panel.getByRole('region', { name: 'Response body' })).toContainText('"status": "down"');
  await expect(panel.getByRole('table', { name: 'Response headers' })).toContainText('eu-1');
  expect(await blockingViolations(page)).toEqual([]);
  // Nothing was stored: the form is still unsaved and the account has no check.
  expect(await listChecks(request, server)).toEqual([]);
});
