import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'http-project');

/** /items/:id answers JSON with the x-team header it got (the group's default header); /boom answers 500. */
async function startTarget(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/items/')) {
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify({ name: 'item', team: request.headers['x-team'] ?? null }));
    }
    response.statusCode = request.url === '/boom' ? 500 : 404;
    response.end('boom: down for maintenance');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The public CLI 8.23.2's ApiCheck (in a group with apiCheckDefaults) and UrlMonitor, unchanged, against a real server and target. */
describe('the public CLI: ApiCheck, UrlMonitor and group apiCheckDefaults', { timeout: CLI_TEST_TIMEOUT * 3 }, () => {
  let server: TestServer;
  let target: { server: Server; url: string };
  let project: string;

  beforeAll(async () => {
    await ensureCli();
    [server, target] = await Promise.all([startServer(), startTarget()]);
    project = await mkdtemp(join(tmpdir(), 'sightline-http-project-'));
    await cp(FIXTURE, project, { recursive: true });
    await symlink(join(cliCacheDir(), 'node_modules'), join(project, 'node_modules'));
  }, CLI_TEST_TIMEOUT);
  afterAll(async () => {
    await server?.stop();
    target?.server.close();
    if (project) await rm(project, { recursive: true, force: true });
  });

  const cli = (args: string[]) => runCli(server, args, { TARGET_URL: target.url, CHECKLY_MQTT_URL: `${server.url.replace('http://', 'ws://')}/mqtt` }, { cwd: project, timeoutMs: 110_000 });

  it('checkly test runs them once: the API check and the URL monitor pass, the broken one fails with its status, exit 1', async () => {
    const run = await cli(['test', '-e', `TARGET_URL=${target.url}`, '--no-record']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/✔ Items API/);
    expect(run.stdout).toMatch(/✔ Home URL/);
    expect(run.stdout).toMatch(/✖ Broken API/);
    // Under the failed check: its response and the failed assertion with what it received.
    expect(run.stdout).toMatch(/Status Code: 500 Internal Server Error/);
    expect(run.stdout).toContain('boom: down for maintenance');
    expect(run.stdout).toMatch(/✖ status code equals target "200"\. Received: 500\./);
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
  });

  it('deploy creates them with their group defaults; a run shows the group header arrived; destroy removes them', async () => {
    const preview = await cli(['deploy', '--preview']);
    expect(preview.code, preview.stdout + preview.stderr).toBe(0);
    expect(preview.stdout).toMatch(/ApiCheck: items-api/);
    expect(preview.stdout).toMatch(/UrlMonitor: home-url/);
    const deployed = await cli(['deploy', '--force']);
    expect(deployed.code, deployed.stdout + deployed.stderr).toBe(0);

    const checks = (await server.api('GET', '/v1/checks')).body as { id: string; name: string; checkType: string; groupId: number | null }[];
    expect(checks.map((c) => [c.name, c.checkType]).sort()).toEqual([
      ['Broken API', 'API'],
      ['Home URL', 'URL'],
      ['Items API', 'API'],
    ]);
    const groups = (await server.api('GET', '/v1/check-groups')).body as { id: number; name: string; apiCheckDefaults: { url: string } }[];
    expect(groups).toHaveLength(1);
    expect(groups[0].apiCheckDefaults.url).toBe(target.url);

    const items = checks.find((c) => c.name === 'Items API');
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [items?.id] } });
    expect(triggered.status, triggered.text).toBe(201);
    const done = await server.api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.body.status, JSON.stringify(done.body)).toBe('PASSED');
    const final = done.body.results.find((r: { resultType: string }) => r.resultType === 'FINAL');
    const result = await server.api('GET', `/v1/check-results/${items?.id}/${final.checkResultId}`);
    // The group's assertion ran before the check's own, and its header reached the target.
    expect(result.body.apiCheckResult.assertions.map((a: { source: string; target: string; passed: boolean }) => [a.source, a.target, a.passed])).toEqual([
      ['STATUS_CODE', '500', true],
      ['STATUS_CODE', '200', true],
      ['JSON_BODY', 'ops', true],
    ]);

    const destroyed = await cli(['destroy', '--force']);
    expect(destroyed.code, destroyed.stdout + destroyed.stderr).toBe(0);
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
  });
});
