import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncidentView, StatusPageServiceView } from '../../src-shared/schemas/status-page';
import type { StatusPageView } from '../../src-shared/schemas/status-page-resource';
import { startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, ensureCli, runCli } from './harness';

/** The rows of a table the CLI printed, split on its column gaps. */
function rows(stdout: string): string[][] {
  return stdout
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.split(/\s{2,}/));
}

describe('the public CLI drives status pages and incidents', () => {
  let server: TestServer;
  let api: StatusPageServiceView;
  let web: StatusPageServiceView;
  let page: StatusPageView;
  let elsewhere: IncidentView;

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    api = (await server.api('POST', '/v1/status-pages/services', { name: 'Public API' })).body;
    web = (await server.api('POST', '/v1/status-pages/services', { name: 'Website' })).body;
    const other = (await server.api('POST', '/v1/status-pages/services', { name: 'Billing' })).body;
    const created = await server.api('POST', '/v1/status-pages', {
      name: 'Acme status',
      url: 'acme',
      defaultTheme: 'DARK',
      cards: [{ name: 'Core', services: [{ id: api.id }, { id: web.id }] }],
    });
    expect(created.status, created.text).toBe(201);
    page = created.body;
    const incident = await server.api('POST', '/v1/status-pages/incidents', {
      name: 'Invoices late',
      severity: 'MINOR',
      services: [{ id: other.id, name: other.name, accountId: other.accountId }],
      incidentUpdates: [{ description: 'Looking' }],
    });
    elsewhere = incident.body;
  }, CLI_TEST_TIMEOUT);
  afterAll(async () => {
    await server?.stop();
  });

  it(
    'status-pages list shows one row per service on each card, and get shows the page with its services',
    async () => {
      const list = await runCli(server, ['status-pages', 'list']);
      expect(list.code, list.stderr).toBe(0);
      expect(rows(list.stdout)).toEqual(
        expect.arrayContaining([
          ['NAME', 'URL', 'CARD', 'SERVICE', 'ID'],
          ['Acme status', 'acme', 'Core', 'Public API', page.id],
          ['Acme status', 'acme', 'Core', 'Website', page.id],
          ['1 status page'],
        ]),
      );

      const get = await runCli(server, ['status-pages', 'get', page.id]);
      expect(get.code, get.stderr).toBe(0);
      expect(get.stdout).toMatch(/URL:\s+acme/);
      expect(get.stdout).toMatch(/Theme:\s+DARK/);
      expect(get.stdout).toMatch(/Cards:\s+1/);
      expect(rows(get.stdout)).toEqual(expect.arrayContaining([['Core', 'Public API', api.id], ['Core', 'Website', web.id]]));

      const json = await runCli(server, ['status-pages', 'list', '-o', 'json']);
      expect(JSON.parse(json.stdout)).toEqual({ data: [page], pagination: { nextId: null, length: 1 } });
    },
    CLI_TEST_TIMEOUT,
  );

  it(
    'incidents create, list --status-page-id, update --severity and resolve',
    async () => {
      const create = await runCli(server, ['incidents', 'create', '--status-page-id', page.id, '--title', 'API down', '--severity', 'major', '--force']);
      expect(create.code, create.stderr).toBe(0);
      expect(create.stdout).toContain('API down');
      const id = /checkly incidents resolve ([0-9a-f-]{36})/.exec(create.stdout)?.[1];
      expect(id).toBeDefined();
      const stored = (await server.api('GET', `/v1/status-pages/incidents/${id}`)).body;
      expect(stored).toMatchObject({ name: 'API down', severity: 'MAJOR', lastUpdateStatus: 'INVESTIGATING', services: [api, web] });

      const onPage = await runCli(server, ['incidents', 'list', '--status-page-id', page.id]);
      expect(onPage.code, onPage.stderr).toBe(0);
      expect(onPage.stdout).toContain(id);
      expect(onPage.stdout).not.toContain(elsewhere.id);
      expect(onPage.stdout).toContain(`Showing 1 incident (status=open, status-page-id=${page.id})`);

      const update = await runCli(server, ['incidents', 'update', id!, '--message', 'Found the cause', '--status', 'identified', '--severity', 'critical', '--force']);
      expect(update.code, update.stderr).toBe(0);
      expect(update.stdout).toContain('Incident Update Posted');
      expect(update.stdout).toMatch(/Severity:\s+critical/);
      expect((await server.api('GET', `/v1/status-pages/incidents/${id}`)).body).toMatchObject({ severity: 'CRITICAL', lastUpdateStatus: 'IDENTIFIED' });

      const resolve = await runCli(server, ['incidents', 'resolve', id!, '--force']);
      expect(resolve.code, resolve.stderr).toBe(0);
      expect(resolve.stdout).toContain('Incident Resolved');
      expect(resolve.stdout).toMatch(/Status:\s+resolved/);

      const resolved = await runCli(server, ['incidents', 'list', '--status', 'resolved', '--status-page-id', page.id]);
      expect(resolved.code, resolved.stderr).toBe(0);
      const row = rows(resolved.stdout).find((cells) => cells.includes(id!));
      expect(row?.slice(0, 4)).toEqual(['API down', 'critical', 'resolved', '2']);
    },
    CLI_TEST_TIMEOUT,
  );

  it(
    'an unknown status page id fails with exit code 1',
    async () => {
      const res = await runCli(server, ['status-pages', 'get', '00000000-0000-4000-8000-000000000000']);
      expect(res.code).toBe(1);
      expect(res.stdout + res.stderr).toContain('Failed to get status page details.');
    },
    CLI_TEST_TIMEOUT,
  );
});
