import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTlsTargets, type TlsTargets } from '../checks/ssl-certs';
import { startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'http-ssl-project');

/** The API check's target: /version answers {"version":"2"} and remembers the headers each request carried. */
async function startTarget(): Promise<{ server: Server; url: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    if (request.url === '/version') {
      seen.push(request.headers);
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify({ version: '2' }));
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function filesUnder(dir: string): Promise<string> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(await readFile(join(entry.parentPath, entry.name), 'utf8'));
  }
  return out.join('\n');
}

/**
 * The public CLI 8.23.2, unchanged, with a project of an ApiCheck (assertions, a setup script, in a
 * group with apiCheckDefaults), a UrlMonitor and an SslMonitor against local http and https targets.
 */
describe('the public CLI with ApiCheck, UrlMonitor and SslMonitor', { timeout: CLI_TEST_TIMEOUT * 3 }, () => {
  let server: TestServer;
  let target: Awaited<ReturnType<typeof startTarget>>;
  let tls: TlsTargets;
  let project: string;
  const env = (extra: Record<string, string> = {}) => ({
    HTTP_TARGET: target.url,
    HTTPS_PORT: String(tls.ports.valid),
    CHECKLY_MQTT_URL: `${server.url.replace('http://', 'ws://')}/mqtt`,
    ...extra,
  });
  const cli = (args: string[], extra: Record<string, string> = {}, cwd = project) => runCli(server, args, env(extra), { cwd, timeoutMs: 110_000 });

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    target = await startTarget();
    tls = await startTlsTargets();
    project = await mkdtemp(join(tmpdir(), 'sightline-http-project-'));
    await cp(FIXTURE, project, { recursive: true });
    await symlink(join(cliCacheDir(), 'node_modules'), join(project, 'node_modules'));
  }, CLI_TEST_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
    target?.server.close();
    await tls?.close();
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('checkly test runs the four once (one with setup and teardown scripts), passing and (with a wrong expectation) failing, storing no check', async () => {
    const pass = await cli(['test', '--no-record']);
    expect(pass.code, pass.stdout + pass.stderr).toBe(0);
    expect(pass.stdout).toMatch(/✔ Version API \(\d+m?s\)/);
    expect(pass.stdout).toMatch(/✔ Home URL \(\d+m?s\)/);
    expect(pass.stdout).toMatch(/✔ Home certificate \(\d+m?s\)/);
    expect(pass.stdout).toMatch(/✔ Scripted API \(\d+m?s\)/);
    expect(pass.stdout).toContain('4 passed, 4 total');
    // The group's default header reached the target, and the scripted check's setup script added its own.
    expect(target.seen.every((headers) => headers['x-team'] === 'edge')).toBe(true);
    expect(target.seen.filter((headers) => headers['x-setup'] === 'yes')).toHaveLength(1);

    const fail = await cli(['test', '--no-record', 'http.check.ts'], { EXPECTED_VERSION: '3' });
    expect(fail.code, fail.stdout + fail.stderr).toBe(1);
    expect(fail.stdout).toMatch(/✖ Version API \(\d+m?s\)/);
    expect(fail.stdout).toContain('1 failed, 2 passed, 3 total');
    // Under the failure, what the CLI prints for API checks: the request, the response and each assertion with what it saw.
    expect(fail.stdout).toContain('HTTP Request');
    expect(fail.stdout).toContain(`GET ${target.url}/version`);
    expect(fail.stdout).toContain('Status Code: 200');
    expect(fail.stdout).toContain('Assertions');
    expect(fail.stdout).toMatch(/JSON body.*\$\.version.*3/i);
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
  });

  it('deploy --preview lists the three and the group; deploy stores them; trigger runs them (the API check failing); destroy removes them', async () => {
    const preview = await cli(['deploy', '--preview']);
    expect(preview.code, preview.stdout + preview.stderr).toBe(0);
    expect(preview.stdout).toContain('Create:');
    for (const name of ['ApiCheck: version-api', 'ApiCheck: scripted-api', 'UrlMonitor: home-url', 'SslMonitor: home-cert', 'CheckGroupV1: http-group']) expect(preview.stdout).toContain(name);
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);

    // Deployed expecting version 3 (the target says 2): the triggered run shows a failing API check.
    const deploy = await cli(['deploy', '--force'], { EXPECTED_VERSION: '3' });
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    expect(deploy.stdout).toContain('Successfully deployed project "Sightline HTTP and SSL project"');
    const checks = (await server.api('GET', '/v1/checks')).body as { id: string; name: string; checkType: string; groupId: number | null; request: Record<string, unknown>; localSetupScript?: string | null }[];
    const byName = Object.fromEntries(checks.map((c) => [c.name, c]));
    const [group] = (await server.api('GET', '/v1/check-groups')).body;
    expect(group.apiCheckDefaults).toMatchObject({ url: target.url, headers: [{ key: 'x-team', value: 'edge' }] });
    expect(byName['Version API']).toMatchObject({ checkType: 'API', groupId: group.id, request: { method: 'GET', url: '{{GROUP_BASE_URL}}/version' } });
    expect(byName['Scripted API']).toMatchObject({ checkType: 'API', groupId: group.id });
    expect(byName['Scripted API'].localSetupScript).toContain("request.headers['x-setup'] = 'yes'");
    expect((byName['Scripted API'] as { localTearDownScript?: string }).localTearDownScript).toContain("console.log('teardown saw'");
    expect(byName['Home URL']).toMatchObject({ checkType: 'URL', request: { url: `https://127.0.0.1:${tls.ports.valid}/`, skipSSL: true } });
    expect(byName['Home certificate']).toMatchObject({ checkType: 'SSL', request: { sslConfig: { hostname: '127.0.0.1', port: tls.ports.valid, skipChainValidation: true } } });

    const again = await cli(['deploy', '--preview'], { EXPECTED_VERSION: '3' });
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).not.toContain('Create:');

    const trigger = await cli(['trigger', '--tags', 'http']);
    expect(trigger.stderr).not.toContain('TypeError');
    expect(trigger.code, trigger.stdout + trigger.stderr).toBe(1);
    expect(trigger.stdout).toMatch(/✖ Version API/);
    expect(trigger.stdout).toMatch(/✔ Home URL/);
    expect(trigger.stdout).toMatch(/✔ Home certificate/);
    expect(trigger.stdout).toContain('1 failed, 2 passed, 3 total');

    const destroy = await cli(['destroy', '--force']);
    expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
    expect((await server.api('GET', '/v1/check-groups')).body).toEqual([]);
  });

  it('import writes the constructs for API, URL and SSL checks made in the REST API', async () => {
    const api = await server.api('POST', '/v1/checks/api', {
      name: 'Made API',
      activated: false,
      request: { method: 'POST', url: `${target.url}/version`, bodyType: 'JSON', body: '{"a":1}', assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
    });
    expect(api.status, api.text).toBe(201);
    const url = await server.api('POST', '/v1/checks/url', { name: 'Made URL', activated: false, request: { url: `${target.url}/`, assertions: [] } });
    expect(url.status, url.text).toBe(201);
    const ssl = await server.api('POST', '/v1/checks/ssl', { name: 'Made cert', activated: false, request: { sslConfig: { hostname: '127.0.0.1', port: tls.ports.valid } } });
    expect(ssl.status, ssl.text).toBe(201);

    const dir = await mkdtemp(join(tmpdir(), 'sightline-http-import-'));
    try {
      await symlink(join(cliCacheDir(), 'node_modules'), join(dir, 'node_modules'), 'dir');
      await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'made', private: true }));
      await writeFile(
        join(dir, 'checkly.config.ts'),
        "import { defineConfig } from 'checkly'\nexport default defineConfig({ projectName: 'Made', logicalId: 'made', checks: { checkMatch: '__checks__/**/*.check.ts' } })\n",
      );
      expect((await server.api('POST', '/next/projects', { name: 'Made', logicalId: 'made' })).status).toBe(201);
      const plan = await runCli(server, ['import', 'check'], {}, { cwd: dir, input: 'n\n' });
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      const written = await filesUnder(join(dir, '__checks__'));
      expect(written).toContain('new ApiCheck(');
      expect(written).toContain("'Made API'");
      expect(written).toContain('new UrlMonitor(');
      expect(written).toContain('new SslMonitor(');
      expect(written).not.toContain('fromId(');
      const apply = await runCli(server, ['import', 'apply'], {}, { cwd: dir });
      expect(apply.code, apply.stdout + apply.stderr).toBe(0);
      const commit = await runCli(server, ['import', 'commit', '--force'], {}, { cwd: dir });
      expect(commit.code, commit.stdout + commit.stderr).toBe(0);
      // The written project deploys back onto the same checks: nothing new is created.
      const preview = await cli(['deploy', '--preview'], {}, dir);
      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
      expect(preview.stdout).not.toContain('Create:');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
