import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTlsTargets, type TlsTargets } from '../checks/ssl-certs';
import { startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'api-scripts-project');

/** /echo answers {"setup": <the x-setup header>}; /down answers 503 with a maintenance notice of several lines. */
async function startTarget(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/echo') {
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify({ setup: request.headers['x-setup'] ?? null }));
    }
    if (request.url === '/down') {
      response.statusCode = 503;
      response.setHeader('content-type', 'text/plain');
      return response.end('Down for maintenance\nback at 18:00 UTC\n');
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * The public CLI 8.23.2, unchanged, with an ApiCheck whose setup and teardown scripts are entrypoints
 * importing other files of the project (issue 33 item 5), and what it prints under a failing API
 * check and URL monitor (the failing assertion with what it saw, the status, the body, the scripts' logs).
 */
describe('the public CLI with API check scripts that import project files', { timeout: CLI_TEST_TIMEOUT * 3 }, () => {
  let server: TestServer;
  let target: Awaited<ReturnType<typeof startTarget>>;
  let tls: TlsTargets;
  let project: string;
  const cli = (args: string[], extra: Record<string, string> = {}) =>
    runCli(server, args, { HTTP_TARGET: target.url, HTTPS_PORT: String(tls.ports.soon), CHECKLY_MQTT_URL: `${server.url.replace('http://', 'ws://')}/mqtt`, ...extra }, { cwd: project, timeoutMs: 110_000 });

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    target = await startTarget();
    tls = await startTlsTargets();
    project = await mkdtemp(join(tmpdir(), 'sightline-api-scripts-'));
    await cp(FIXTURE, project, { recursive: true });
    await symlink(join(cliCacheDir(), 'node_modules'), join(project, 'node_modules'));
  }, CLI_TEST_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
    target?.server.close();
    await tls?.close();
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('checkly test runs the scripts with their imports; a wrong expectation fails on its assertion, printed with what it saw', async () => {
    const pass = await cli(['test', '--no-record', 'api.check.ts']);
    expect(pass.code, pass.stdout + pass.stderr).toBe(0);
    expect(pass.stdout).toMatch(/✔ Helper API \(\d+m?s\)/);
    expect(pass.stdout).toContain('1 passed, 1 total');

    const fail = await cli(['test', '--no-record', 'api.check.ts'], { EXPECTED_SETUP: 'other' });
    expect(fail.code, fail.stdout + fail.stderr).toBe(1);
    expect(fail.stdout).toMatch(/✖ Helper API \(\d+m?s\)/);
    // The setup script's import ran (the target echoed its value), so the failure is the assertion's, not the script's.
    expect(fail.stdout).toContain('✖ JSON body property "$.setup" equals target "other". Received: from-helper.');
    expect(fail.stdout).toContain('✔ status code equals target "200". Received: 200.');
    expect(fail.stdout).toContain('Status Code: 200');
    expect(fail.stdout).toContain('{"setup":"from-helper"}');
    expect(fail.stdout).toContain('Setup Script Logs');
    expect(fail.stdout).toMatch(/INFO\s+setup set from-helper/);
    expect(fail.stdout).toContain('Teardown Script Logs');
    expect(fail.stdout).toMatch(/INFO\s+teardown: from-helper saw 200/);
    expect(fail.stdout).not.toMatch(/script (failed|cannot)/);
  });

  it('checkly test prints a failing URL monitor with the failing assertion, the status and the body, and a failing SSL monitor with its handshake', async () => {
    const down = await cli(['test', '--no-record', 'down.check.ts', 'cert.check.ts']);
    expect(down.code, down.stdout + down.stderr).toBe(1);
    expect(down.stdout).toMatch(/✖ Expiring certificate \(\d+m?s\)/);
    expect(down.stdout).toContain('SSL Response');
    expect(down.stdout).toMatch(/Expires in: [45] day\(s\)/);
    expect(down.stdout).toMatch(/TLS: TLSv?1\.[23] \/ TLS_/);
    expect(down.stdout).toMatch(/✖ CERTIFICATE property "daysUntilExpiry" is greater than target "30"\. Received: [45]\./);
    expect(down.stdout).toMatch(/✖ Down URL \(\d+m?s\)/);
    expect(down.stdout).toContain('✖ status code equals target "200". Received: 503.');
    expect(down.stdout).toContain('Status Code: 503 Service Unavailable');
    expect(down.stdout).toContain(`GET ${target.url}/down`);
    expect(down.stdout).toContain('Down for maintenance');
    expect(down.stdout).toContain('back at 18:00 UTC');
  });

  it('deploy stores the scripts with their files; trigger runs the stored check passing and prints the failing monitor in full', async () => {
    const deploy = await cli(['deploy', '--force']);
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    const checks = (await server.api('GET', '/v1/checks')).body as Record<string, unknown>[];
    const api = checks.find((c) => c.name === 'Helper API');
    expect(api).toMatchObject({
      checkType: 'API',
      setupScriptPath: '__checks__/setup.ts',
      setupScriptDependencies: [{ path: '__checks__/helper.ts', content: expect.stringContaining("'from-helper'") }],
      tearDownScriptPath: '__checks__/teardown.ts',
    });
    expect((api?.tearDownScriptDependencies as { path: string }[]).map((d) => d.path).sort()).toEqual(['__checks__/helper.ts', '__checks__/lib/describe.ts']);

    const trigger = await cli(['trigger']);
    expect(trigger.code, trigger.stdout + trigger.stderr).toBe(1);
    expect(trigger.stdout).toMatch(/✔ Helper API/);
    expect(trigger.stdout).toMatch(/✖ Down URL/);
    expect(trigger.stdout).toMatch(/✖ Expiring certificate/);
    expect(trigger.stdout).toContain('2 failed, 1 passed, 3 total');
    expect(trigger.stdout).toMatch(/✖ CERTIFICATE property "daysUntilExpiry" is greater than target "30"\. Received: [45]\./);
    expect(trigger.stdout).toContain('✖ status code equals target "200". Received: 503.');
    expect(trigger.stdout).toContain('Status Code: 503 Service Unavailable');
    expect(trigger.stdout).toContain('Down for maintenance');
  });
});
