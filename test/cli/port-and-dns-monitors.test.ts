import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startDnsServers, type DnsServers } from '../checks/dns-server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

const CONFIG = `import { defineConfig } from 'checkly'
export default defineConfig({
  projectName: 'Ports and names',
  logicalId: 'ports-and-names',
  checks: { checkMatch: '__checks__/**/*.check.ts', locations: [], frequency: 10 },
  cli: { runLocation: 'eu-west-1' },
})
`;

/** The public CLI's TcpMonitor, written as a user writes it. */
const tcpMonitor = (port: number) => `import { TcpMonitor, TcpAssertionBuilder } from 'checkly/constructs'

export const echo = new TcpMonitor('echo-port', {
  name: 'Echo port',
  request: {
    hostname: '127.0.0.1',
    port: ${port},
    data: 'hello\\n',
    assertions: [TcpAssertionBuilder.responseData().contains('ECHO HELLO'), TcpAssertionBuilder.responseTime().lessThan(5000)],
  },
})
`;

/** The public CLI's DnsMonitor, asking the test's DNS server. */
const dnsMonitor = (port: number) => `import { DnsMonitor, DnsAssertionBuilder } from 'checkly/constructs'

export const name = new DnsMonitor('app-name', {
  name: 'App name',
  request: {
    query: 'app.test',
    recordType: 'A',
    nameServer: '127.0.0.1',
    port: ${port},
    protocol: 'TCP',
    assertions: [DnsAssertionBuilder.responseCode().equals('NOERROR'), DnsAssertionBuilder.textAnswer().contains('10.1.2.3')],
  },
})
`;

/** The public CLI 8.23.2's TcpMonitor and DnsMonitor, unchanged: deploy, test and destroy against a real server and real local targets. */
describe('the public CLI (checkly 8.23.2): TcpMonitor and DnsMonitor', { timeout: CLI_TEST_TIMEOUT }, () => {
  let server: TestServer;
  let echo: Server;
  let dns: DnsServers;
  let dir: string;

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    echo = createServer((socket) => socket.once('data', (chunk) => socket.end(`ECHO ${chunk.toString().toUpperCase()}`)));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    dir = await mkdtemp(join(tmpdir(), 'sightline-ports-project-'));
    await mkdir(join(dir, '__checks__'));
    await writeFile(join(dir, 'package.json'), '{ "name": "ports", "private": true, "type": "module" }\n');
    await writeFile(join(dir, 'checkly.config.ts'), CONFIG);
    await writeFile(join(dir, '__checks__', 'tcp.check.ts'), tcpMonitor((echo.address() as AddressInfo).port));
    dns = await startDnsServers();
    await writeFile(join(dir, '__checks__', 'dns.check.ts'), dnsMonitor(dns.port));
    await symlink(join(cliCacheDir(), 'node_modules'), join(dir, 'node_modules'), 'dir');
  }, CLI_TEST_TIMEOUT);
  afterAll(async () => {
    await server?.stop();
    echo?.close();
    await dns?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const env = () => ({ CHECKLY_MQTT_URL: `${server.url.replace('http://', 'ws://')}/mqtt` });

  it('checkly test runs both against the real listener and DNS server and passes', async () => {
    const run = await runCli(server, ['test', '--no-record'], env(), { cwd: dir, timeoutMs: 100_000 });
    expect(run.stdout + run.stderr).not.toContain('is not supported');
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/✔ Echo port/);
    expect(run.stdout).toMatch(/✔ App name/);
  });

  it('deploy creates both as sent, a run of each passes, and destroy removes them', async () => {
    const deploy = await runCli(server, ['deploy', '--force'], {}, { cwd: dir });
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    const checks = (await server.api('GET', '/v1/checks')).body as { id: string; name: string; checkType: string; request: unknown; logicalId: string }[];
    const tcp = checks.find((c) => c.name === 'Echo port');
    expect(tcp).toMatchObject({ checkType: 'TCP', logicalId: 'echo-port', request: { hostname: '127.0.0.1', data: 'hello\n', assertions: [{ source: 'RESPONSE_DATA', comparison: 'CONTAINS', target: 'ECHO HELLO' }, { source: 'RESPONSE_TIME' }] } });

    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [tcp!.id] } });
    expect(triggered.status, triggered.text).toBe(201);
    const done = await server.api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    const [result] = (await server.api('GET', `/v1/check-results/${tcp!.id}`)).body as { hasFailures: boolean; tcpCheckResult: { responseData: string } }[];
    expect(result).toMatchObject({ hasFailures: false, tcpCheckResult: { responseData: 'ECHO HELLO\n' } });

    const name = checks.find((c) => c.name === 'App name');
    expect(name).toMatchObject({ checkType: 'DNS', logicalId: 'app-name', request: { query: 'app.test', recordType: 'A', nameServer: '127.0.0.1', port: dns.port, protocol: 'TCP' } });
    const dnsRun = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [name!.id] } });
    expect(dnsRun.status, dnsRun.text).toBe(201);
    await server.api('GET', `/v1/check-sessions/${dnsRun.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    const [dnsResult] = (await server.api('GET', `/v1/check-results/${name!.id}`)).body as { hasFailures: boolean; dnsCheckResult: { rcode: string } }[];
    expect(dnsResult).toMatchObject({ hasFailures: false, dnsCheckResult: { rcode: 'NOERROR' } });

    const destroy = await runCli(server, ['destroy', '--force'], {}, { cwd: dir });
    expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
    expect(((await server.api('GET', '/v1/checks')).body as { name: string }[]).map((c) => c.name)).toEqual([]);
  });

  it('import writes TcpMonitor and DnsMonitor constructs for monitors made in the REST API, and they deploy back onto the same monitors', async () => {
    const tcp = await server.api('POST', '/v1/checks/tcp', {
      name: 'Made port',
      activated: false,
      request: { hostname: '127.0.0.1', port: (echo.address() as AddressInfo).port, data: 'hi', assertions: [{ source: 'RESPONSE_DATA', comparison: 'CONTAINS', target: 'ECHO' }] },
    });
    expect(tcp.status, tcp.text).toBe(201);
    const name = await server.api('POST', '/v1/checks/dns', {
      name: 'Made name',
      activated: false,
      request: { query: 'app.test', recordType: 'MX', nameServer: '127.0.0.1', port: dns.port, protocol: 'TCP', assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' }] },
    });
    expect(name.status, name.text).toBe(201);

    const made = await mkdtemp(join(tmpdir(), 'sightline-ports-import-'));
    try {
      await symlink(join(cliCacheDir(), 'node_modules'), join(made, 'node_modules'), 'dir');
      await writeFile(join(made, 'package.json'), JSON.stringify({ name: 'made', private: true }));
      await writeFile(
        join(made, 'checkly.config.ts'),
        "import { defineConfig } from 'checkly'\nexport default defineConfig({ projectName: 'Made', logicalId: 'made-ports', checks: { checkMatch: '__checks__/**/*.check.ts' } })\n",
      );
      expect((await server.api('POST', '/next/projects', { name: 'Made', logicalId: 'made-ports' })).status).toBe(201);
      const plan = await runCli(server, ['import', 'check'], {}, { cwd: made, input: 'n\n' });
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      const written: string[] = [];
      for (const entry of await readdir(join(made, '__checks__'), { withFileTypes: true, recursive: true })) {
        if (entry.isFile()) written.push(await readFile(join(entry.parentPath, entry.name), 'utf8'));
      }
      const code = written.join('\n');
      expect(code).toContain('new TcpMonitor(');
      expect(code).toContain("'Made port'");
      expect(code).toContain('new DnsMonitor(');
      expect(code).toContain("'Made name'");
      expect(code).toMatch(/recordType: 'MX'/);
      expect(code).not.toContain('fromId(');
      const apply = await runCli(server, ['import', 'apply'], {}, { cwd: made });
      expect(apply.code, apply.stdout + apply.stderr).toBe(0);
      const commit = await runCli(server, ['import', 'commit', '--force'], {}, { cwd: made });
      expect(commit.code, commit.stdout + commit.stderr).toBe(0);
      const preview = await runCli(server, ['deploy', '--preview'], {}, { cwd: made });
      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
      expect(preview.stdout).not.toContain('Create:');
      const after = ((await server.api('GET', '/v1/checks')).body as { name: string; checkType: string }[]).filter((c) => c.name.startsWith('Made '));
      expect(after.map((c) => `${c.checkType} ${c.name}`).sort()).toEqual(['DNS Made name', 'TCP Made port']);
    } finally {
      await rm(made, { recursive: true, force: true });
    }
  });
});
