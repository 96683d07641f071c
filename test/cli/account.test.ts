import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { CLI_HOOK_TIMEOUT, CLI_TEST_TIMEOUT, ensureCli, runCli, type CliResult } from './harness';

/** Exit code 0 with the CLI's own output shown when it is not. */
function ok(result: CliResult): string {
  expect(result.code, `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`).toBe(0);
  return result.stdout;
}

describe('the public CLI (checkly 8.23.2) on account commands', { timeout: CLI_TEST_TIMEOUT }, () => {
  let server: TestServer;

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
  }, CLI_HOOK_TIMEOUT);
  afterAll(async () => {
    await server?.stop();
  });

  it('whoami names the account, its id, the member and the plan', async () => {
    const out = ok(await runCli(server, ['whoami']));
    expect(out).toContain(`You are currently on account "Sightline" (${server.backend.accountId}) as Owner.`);
    expect(out).toContain('Plan: Local (unlimited)');
  });

  it('a key of another account is refused before any command runs', async () => {
    const result = await runCli(server, ['whoami'], { CHECKLY_ACCOUNT_ID: '00000000-0000-4000-8000-000000000000' });
    expect(result.code).not.toBe(0);
    expect(result.stderr + result.stdout).toMatch(/Forbidden/);
  });

  it('account plan shows the local plan, its check limit and features', async () => {
    await server.api('PUT', '/v1/accounts/me/plan', { maxChecks: 40 });
    const out = ok(await runCli(server, ['account', 'plan']));
    expect(out).toContain('Plan: Local (40 checks)');
    expect(out).toMatch(/Checks\s+40\s+-\s+CHECKS/);
    const flags = ok(await runCli(server, ['account', 'plan', '--type', 'flag', '-o', 'json']));
    const keys = (JSON.parse(flags) as { key: string; enabled: boolean }[]).filter((e) => e.enabled).map((e) => e.key);
    expect(keys).toEqual(expect.arrayContaining(['MULTISTEP_CHECKS', 'ICMP_CHECKS', 'TRACEROUTE_CHECKS']));
    await server.api('PUT', '/v1/accounts/me/plan', { maxChecks: null });
  });

  it('runtimes lists the runtime multi-step checks run with', async () => {
    const runtimes = JSON.parse(ok(await runCli(server, ['runtimes']))) as { name: string; nodeVersion: string; dependencies: Record<string, string> }[];
    // Every runtime id the public API names, each served by the runtime installed here (issue 32).
    expect(runtimes.map((r) => r.name)).toEqual(['2026.04', '2025.04', '2024.09', '2024.02', '2023.09', '2023.02', '2022.10']);
    for (const runtime of runtimes) {
      expect(runtime).toMatchObject({ nodeVersion: process.versions.node });
      expect(runtime.dependencies['@playwright/test']).toMatch(/^\d+\.\d+\.\d+/);
    }
  });

  it('env add, ls, update and rm manage account variables; a secret lists masked', async () => {
    expect(ok(await runCli(server, ['env', 'ls']))).toContain('No environment variables found.');
    expect(ok(await runCli(server, ['env', 'add', 'BASE_URL', 'http://127.0.0.1:8080']))).toContain('Environment variable "BASE_URL" added.');
    expect(ok(await runCli(server, ['env', 'add', 'API_TOKEN', 'tok-e2e-5b7a', '--secret']))).toContain('Secret environment variable "API_TOKEN" added.');

    const duplicate = await runCli(server, ['env', 'add', 'BASE_URL', 'again']);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stdout + duplicate.stderr).toContain('Environment variable "BASE_URL" already exists.');

    let listed = ok(await runCli(server, ['env', 'ls']));
    expect(listed).toContain('BASE_URL=http://127.0.0.1:8080');
    expect(listed).toContain('API_TOKEN=*****');
    expect(listed).not.toContain('tok-e2e-5b7a');

    expect(ok(await runCli(server, ['env', 'update', 'BASE_URL', 'http://127.0.0.1:9090']))).toContain('Environment variable "BASE_URL" updated.');
    expect(ok(await runCli(server, ['env', 'update', 'API_TOKEN', 'tok-rotated', '--secret']))).toContain('Secret environment variable "API_TOKEN" updated.');
    const missing = await runCli(server, ['env', 'update', 'NOPE', 'x']);
    expect(missing.code).toBe(1);
    expect(missing.stdout + missing.stderr).toContain('Environment variable "NOPE" does not exist.');

    expect(ok(await runCli(server, ['env', 'rm', 'BASE_URL', '--force']))).toContain('Environment variable "BASE_URL" deleted.');
    listed = ok(await runCli(server, ['env', 'ls']));
    expect(listed).not.toContain('BASE_URL');
    expect(listed).toContain('API_TOKEN=*****');
  });

  it('members lists the account’s members', async () => {
    await server.api('POST', '/v1/accounts/me/members', { name: 'Cli Reader', email: 'cli@example.test', role: 'READ_ONLY' });
    const out = ok(await runCli(server, ['members']));
    expect(out).toMatch(/owner@sightline\.lo\S*\s+Owner\s+OWNER\s+ACTIVE/);
    expect(out).toMatch(/cli@example\.test\s+Cli Reader\s+READ_ONLY\s+ACTIVE/);
  });

  it('api sends a raw request and prints the answer', async () => {
    const created = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', { name: 'Seen through checkly api', request: { hostname: '127.0.0.1' } });
    expect(created.status).toBe(201);
    const checks = JSON.parse(ok(await runCli(server, ['api', '/v1/checks']))) as { id: string; name: string }[];
    expect(checks).toContainEqual(expect.objectContaining({ id: created.body.id, name: 'Seen through checkly api' }));
    const locations = JSON.parse(ok(await runCli(server, ['api', '/v1/locations']))) as { region: string }[];
    expect(locations[0]).toEqual({ region: 'local', name: 'This machine (embedded agent)' });
  });
});
