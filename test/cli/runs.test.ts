import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, ensureCli, runCli } from './harness';

/** Fails at its assertion, after a real request to the test server's own API. */
const FAILING_SCRIPT = `import { test, expect } from '@playwright/test';
test('status is healthy', async ({ request }) => {
  const response = await request.get(process.env.TARGET_URL ?? 'http://127.0.0.1:9/');
  expect(response.status(), 'the health endpoint answers 200').toBe(299);
});`;

/** Passes only when the run was given MARK=yes. */
const NEEDS_MARK = `import { test, expect } from '@playwright/test';
test('run variable', async () => {
  expect(process.env.MARK, 'MARK given to this run').toBe('yes');
});`;

describe('running checks from the public CLI (checks run, trigger, test-sessions)', { timeout: CLI_TEST_TIMEOUT * 4 }, () => {
  let server: TestServer;
  let passing: string;
  let failing: string;
  let mqttUrl: string;
  let needsMark: string;

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    mqttUrl = `${server.url.replace('http://', 'ws://')}/mqtt`;
    const create = async (path: string, body: Record<string, unknown>): Promise<string> => {
      const created = await server.api('POST', `${path}?autoAssignAlerts=false`, body);
      expect(created.status, created.text).toBe(201);
      return created.body.id as string;
    };
    passing = await create('/v1/checks/icmp', icmpBody({ name: 'Loopback ping', pingCount: 2, tags: ['prod', 'net'] }));
    failing = await create('/v1/checks/multistep', {
      name: 'Health assertion',
      script: FAILING_SCRIPT.replace("process.env.TARGET_URL ?? 'http://127.0.0.1:9/'", `'${server.url}/openapi.json'`),
      tags: ['prod', 'web'],
      retryStrategy: null,
      doubleCheck: false,
    });
    needsMark = await create('/v1/checks/multistep', { name: 'Needs MARK', script: NEEDS_MARK, tags: ['vars'], retryStrategy: null, doubleCheck: false });
  }, CLI_TEST_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
  });

  const cli = (args: string[]) => runCli(server, args, { CHECKLY_MQTT_URL: mqttUrl }, { timeoutMs: 90_000 });

  it('checks run --check-id waits for the session and exits 0 when it passes', async () => {
    const run = await cli(['checks', 'run', '--check-id', passing]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 check session completed: 1 passed.');
    expect(run.stdout).toMatch(/passed\s+Loopback ping\s+ICMP\s+local/);
    expect(run.stdout).toContain(`${server.url}/#/sessions/`);
  });

  it('checks run --tags honours `!tag` and exits 1 when a check fails', async () => {
    const run = await cli(['checks', 'run', '--tags', 'prod,!net']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('1 check session completed: 1 failed.');
    expect(run.stdout).toMatch(/failed\s+Health assertion/);
    expect(run.stdout).not.toContain('Loopback ping');
  });

  it('checks run --tags with two filters runs either (OR), and --detach only starts them', async () => {
    const run = await cli(['checks', 'run', '--tags', 'net', '--tags', 'web', '--detach']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('2 check sessions started.');
    expect(run.stdout).toContain('Loopback ping');
    expect(run.stdout).toContain('Health assertion');
    const none = await cli(['checks', 'run', '--tags', 'no-check-has-this']);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('No matching checks were found.');
  });

  it('trigger follows the run over MQTT: each result as it arrives, the failure\'s message, exit 1', async () => {
    const run = await cli(['trigger', '--tags', 'prod', '--test-session-name', 'Release 7']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Test session ID: 7e570000-/);
    expect(run.stdout).toMatch(/✔ Loopback ping \(\d+m?s\)/);
    expect(run.stdout).toMatch(/✖ Health assertion \(\d+m?s\)/);
    // The failed check's error, from the run itself.
    expect(run.stdout).toContain('the health endpoint answers 200');
    expect(run.stdout).toContain('Expected: 299');
    expect(run.stdout).toContain('1 failed, 1 passed, 2 total');
    expect(run.stdout).not.toContain('Reached timeout');

    // Both addresses it prints open the console's test-session page: the summary link directly, "Open session" by a redirect.
    const id = /Test session ID: (\S+)/.exec(run.stdout)?.[1] ?? '';
    expect(run.stdout).toContain(`Detailed session summary at: ${server.url}/#/test-sessions/${id}`);
    const openSession = /Open session: (\S+)/.exec(run.stdout)?.[1] ?? '';
    expect(openSession).toBe(`${server.url}/accounts/${server.backend.accountId}/test-sessions/${id}`);
    const redirect = await fetch(openSession, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(new URL(redirect.headers.get('location') ?? '', openSession).href).toBe(`${server.url}/#/test-sessions/${id}`);

    // The session reads back with the CLI, down to the failed check's result.
    const read = await cli(['test-sessions', 'get', id, '-o', 'json']);
    expect(read.code).toBe(0);
    const session = JSON.parse(read.stdout) as { status: string; results: { name: string; status: string; testSessionResultId: string }[] };
    expect(session.status).toBe('FAILED');
    const failed = session.results.find((r) => r.name === 'Health assertion');
    expect(failed?.status).toBe('FAILED');
    const detail = await cli(['test-sessions', 'get', id, '--result', failed?.testSessionResultId ?? '']);
    expect(detail.code).toBe(0);
    expect(detail.stdout).toMatch(/Status:\s+failing/);
    expect(detail.stdout).toMatch(/Result type:\s+FINAL/);
    expect(detail.stdout).toContain('Error: the health endpoint answers 200');
  });

  it('trigger of a passing check exits 0; trigger --detach exits after scheduling and the run still finishes', async () => {
    const run = await cli(['trigger', '--check-id', passing]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 passed, 1 total');

    const detached = await cli(['trigger', '--check-id', passing, '--detach']);
    expect(detached.code).toBe(0);
    expect(detached.stdout).toContain('Checks will continue running in the cloud.');
    const id = /Test session ID: (\S+)/.exec(detached.stdout)?.[1];
    expect(id).toMatch(/^7e570000-/);
    // What the CLI suggests next: watch the detached session until it ends.
    const watched = await cli(['test-sessions', 'get', id ?? '', '--watch']);
    expect(watched.code).toBe(0);
    expect(watched.stdout).toMatch(/Status:\s+passed/);
    expect(watched.stdout).toMatch(/Loopback …\s+ICMP\s+passed\s+FINAL\s+local/);

    const none = await cli(['trigger', '--tags', 'no-check-has-this']);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('No matching checks were found.');
  });

  it('trigger -e passes variables to that run\'s multi-step scripts', async () => {
    const given = await cli(['trigger', '--check-id', needsMark, '-e', 'MARK=yes']);
    expect(given.code).toBe(0);
    expect(given.stdout).toContain('1 passed, 1 total');
    const missing = await cli(['trigger', '--check-id', needsMark]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('MARK given to this run');
  });

  it('test-sessions list shows the triggered runs with their outcome', async () => {
    const list = await cli(['test-sessions', 'list', '-o', 'json']);
    expect(list.code).toBe(0);
    const { data } = JSON.parse(list.stdout) as { data: { name: string; status: string; passed: string[]; failed: string[] }[] };
    const release = data.find((s) => s.name === 'Release 7');
    expect(release).toMatchObject({ status: 'FAILED', passed: [passing], failed: [failing] });
    const table = await cli(['test-sessions', 'list']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/failed\s+\S+\s+Release 7/);
    expect(table.stdout).toMatch(/Showing \d+ test sessions/);
    const failed = await cli(['test-sessions', 'list', '--status', 'failed', '-o', 'json']);
    const statuses = (JSON.parse(failed.stdout) as { data: { status: string }[] }).data.map((s) => s.status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['FAILED']));
    const github = await cli(['test-sessions', 'list', '--provider', 'github']);
    expect(github.code).toBe(0);
    expect(github.stdout).toContain('No test sessions found.');
  });

  it('checks get shows the recent results', async () => {
    const get = await cli(['checks', 'get', passing]);
    expect(get.code).toBe(0);
    expect(get.stdout).toContain('RECENT RESULTS');
    expect(get.stdout).toMatch(/ago\s+local\s+passing/);
    expect(get.stdout).not.toContain('No recent results');
  });
});
