import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startGrpcTargets, type GrpcTargets } from '../checks/grpc-server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

const CONFIG = `import { defineConfig } from 'checkly'
export default defineConfig({
  projectName: 'gRPC services',
  logicalId: 'grpc-services',
  checks: { checkMatch: '__checks__/**/*.check.ts', locations: [], frequency: 10 },
  cli: { runLocation: 'eu-west-1' },
})
`;

/** The public CLI's GrpcMonitor, written as a user writes it: the health check, and a method found by reflection. */
const grpcMonitors = (port: number) => `import { GrpcMonitor, GrpcAssertionBuilder } from 'checkly/constructs'

export const health = new GrpcMonitor('greeter-health', {
  name: 'Greeter health',
  request: {
    url: '127.0.0.1',
    port: ${port},
    grpcConfig: { mode: 'HEALTH', tls: false, service: 'demo.v1.Greeter' },
    assertions: [GrpcAssertionBuilder.healthCheckStatus().equals('SERVING')],
  },
})

export const hello = new GrpcMonitor('greeter-hello', {
  name: 'Greeter hello',
  request: {
    url: '127.0.0.1',
    port: ${port},
    grpcConfig: { tls: false, serviceDefinition: 'REFLECTION', method: 'demo.v1.Greeter/SayHello', message: '{"name":"CLI"}', metadata: [{ key: 'x-token', value: 'from-cli' }] },
    assertions: [GrpcAssertionBuilder.statusCode().equals(0), GrpcAssertionBuilder.responseMessage('$.message').equals('Hello CLI')],
  },
})
`;

async function filesUnder(dir: string): Promise<string> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(await readFile(join(entry.parentPath, entry.name), 'utf8'));
  }
  return out.join('\n');
}

/** The public CLI 8.23.2's GrpcMonitor, unchanged: test, deploy and destroy against a real server and a real gRPC server. */
describe('the public CLI (checkly 8.23.2): GrpcMonitor', { timeout: CLI_TEST_TIMEOUT }, () => {
  let server: TestServer;
  let targets: GrpcTargets;
  let dir: string;

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    targets = await startGrpcTargets();
    dir = await mkdtemp(join(tmpdir(), 'sightline-grpc-project-'));
    await mkdir(join(dir, '__checks__'));
    await writeFile(join(dir, 'package.json'), '{ "name": "grpc", "private": true, "type": "module" }\n');
    await writeFile(join(dir, 'checkly.config.ts'), CONFIG);
    await writeFile(join(dir, '__checks__', 'grpc.check.ts'), grpcMonitors(targets.plain));
    await symlink(join(cliCacheDir(), 'node_modules'), join(dir, 'node_modules'), 'dir');
  }, CLI_TEST_TIMEOUT);
  afterAll(async () => {
    await server?.stop();
    await targets?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const env = () => ({ CHECKLY_MQTT_URL: `${server.url.replace('http://', 'ws://')}/mqtt` });

  it('checkly test runs both against the real gRPC server and passes', async () => {
    const run = await runCli(server, ['test', '--no-record'], env(), { cwd: dir, timeoutMs: 100_000 });
    expect(run.stdout + run.stderr).not.toContain('is not supported');
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/✔ Greeter health/);
    expect(run.stdout).toMatch(/✔ Greeter hello/);
    expect(targets.lastMetadata()['x-token']).toBe('from-cli');
  });

  it('deploy creates both as sent, a run of each passes, and destroy removes them', async () => {
    const deploy = await runCli(server, ['deploy', '--force'], {}, { cwd: dir });
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    const checks = (await server.api('GET', '/v1/checks')).body as { id: string; name: string; checkType: string; request: unknown; logicalId: string }[];
    const health = checks.find((c) => c.name === 'Greeter health');
    expect(health).toMatchObject({ checkType: 'GRPC', logicalId: 'greeter-health', request: { url: '127.0.0.1', port: targets.plain, grpcConfig: { mode: 'HEALTH', tls: false, service: 'demo.v1.Greeter' }, assertions: [{ source: 'GRPC_HEALTHCHECK_STATUS', comparison: 'EQUALS', target: '1' }] } });
    const hello = checks.find((c) => c.name === 'Greeter hello');
    expect(hello).toMatchObject({ checkType: 'GRPC', logicalId: 'greeter-hello', request: { grpcConfig: { serviceDefinition: 'REFLECTION', method: 'demo.v1.Greeter/SayHello' } } });

    for (const check of [health!, hello!]) {
      const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [check.id] } });
      expect(triggered.status, triggered.text).toBe(201);
      const done = await server.api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
      expect(done.status, done.text).toBe(200);
      const [result] = (await server.api('GET', `/v1/check-results/${check.id}`)).body as { hasFailures: boolean; grpcCheckResult: { grpcStatusCode: number } }[];
      expect(result, JSON.stringify(result)).toMatchObject({ hasFailures: false, grpcCheckResult: { grpcStatusCode: 0 } });
    }

    const destroy = await runCli(server, ['destroy', '--force'], {}, { cwd: dir });
    expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
    expect(((await server.api('GET', '/v1/checks')).body as { name: string }[]).map((c) => c.name)).toEqual([]);
  });

  it('import writes a GrpcMonitor for a gRPC monitor made in the REST API, and the project deploys back onto it', async () => {
    const made = await server.api('POST', '/v1/checks/grpc', {
      name: 'Made gRPC',
      activated: false,
      request: { url: '127.0.0.1', port: targets.plain, grpcConfig: { tls: false, method: 'demo.v1.Greeter/SayHello', message: '{"name":"x"}', metadata: [{ key: 'x-team', value: 'core' }] }, assertions: [{ source: 'GRPC_STATUS_CODE', comparison: 'EQUALS', target: '0' }] },
    });
    expect(made.status, made.text).toBe(201);
    const importDir = await mkdtemp(join(tmpdir(), 'sightline-grpc-import-'));
    try {
      await symlink(join(cliCacheDir(), 'node_modules'), join(importDir, 'node_modules'), 'dir');
      await writeFile(join(importDir, 'package.json'), JSON.stringify({ name: 'made', private: true }));
      await writeFile(join(importDir, 'checkly.config.ts'), "import { defineConfig } from 'checkly'\nexport default defineConfig({ projectName: 'Made', logicalId: 'made', checks: { checkMatch: '__checks__/**/*.check.ts' } })\n");
      expect((await server.api('POST', '/next/projects', { name: 'Made', logicalId: 'made' })).status).toBe(201);
      const plan = await runCli(server, ['import', 'check'], {}, { cwd: importDir, input: 'n\n' });
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      const written = await filesUnder(join(importDir, '__checks__'));
      expect(written).toContain('new GrpcMonitor(');
      expect(written).toContain("'Made gRPC'");
      expect(written).toContain('demo.v1.Greeter/SayHello');
      expect(written).not.toContain('fromId(');
      const apply = await runCli(server, ['import', 'apply'], {}, { cwd: importDir });
      expect(apply.code, apply.stdout + apply.stderr).toBe(0);
      const commit = await runCli(server, ['import', 'commit', '--force'], {}, { cwd: importDir });
      expect(commit.code, commit.stdout + commit.stderr).toBe(0);
      const preview = await runCli(server, ['deploy', '--preview'], {}, { cwd: importDir });
      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
      expect(preview.stdout).not.toContain('Create:');
    } finally {
      await rm(importDir, { recursive: true, force: true });
    }
  });
});
