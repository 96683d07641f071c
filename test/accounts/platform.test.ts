import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { addMemberWithKey } from './helpers';

describe('what the public CLI asks about the account: /next/*, entitlements, runtimes, locations', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('GET /next/accounts/{id} answers the key’s own account and 403 for any other', async () => {
    const own = await server.api('GET', `/next/accounts/${server.backend.accountId}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: server.backend.accountId, name: 'Sightline', plan: 'local', planDisplayName: 'Local (unlimited)' });
    expect((await server.api('GET', '/next/accounts/00000000-0000-4000-8000-000000000000')).status).toBe(403);
    expect((await server.api('GET', `/next/accounts/${server.backend.accountId}`, undefined, { authorization: '' })).status).toBe(401);
    const all = await server.api('GET', '/next/accounts');
    expect(all.body.map((a: { id: string }) => a.id)).toEqual([server.backend.accountId]);
  });

  it('GET /next/users/me names the member holding the key', async () => {
    const owner = await server.api('GET', '/next/users/me');
    expect(owner.body).toMatchObject({ name: 'Owner', role: 'OWNER' });
    const reader = await addMemberWithKey(server, 'READ_ONLY', 'Rita Reader');
    const me = await reader.api('GET', '/next/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: reader.userId, name: 'Rita Reader', email: reader.email, role: 'READ_ONLY' });
  });

  it('GET /v1/accounts/me/entitlements describes the local plan and follows the check limit', async () => {
    const plan = await server.api('GET', '/v1/accounts/me/entitlements');
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({ plan: 'local', planDisplayName: 'Local (unlimited)', addons: {} });
    const checks = plan.body.entitlements.find((e: { key: string }) => e.key === 'CHECKS');
    expect(checks).toMatchObject({ type: 'metered', enabled: true });
    expect(checks.quantity).toBeUndefined();
    expect(plan.body.entitlements.find((e: { key: string }) => e.key === 'MULTISTEP_CHECKS')).toMatchObject({ type: 'flag', enabled: true });
    expect(plan.body.entitlements.find((e: { key: string }) => e.key === 'BROWSER_CHECKS')).toMatchObject({ type: 'flag', enabled: false });
    expect(plan.body.locations.all[0]).toEqual({ id: 'local', name: 'This machine (embedded agent)', available: true });

    expect((await server.api('PUT', '/v1/accounts/me/plan', { maxChecks: 25 })).status).toBe(200);
    const limited = await server.api('GET', '/v1/accounts/me/entitlements');
    expect(limited.body.planDisplayName).toBe('Local (25 checks)');
    expect(limited.body.entitlements.find((e: { key: string }) => e.key === 'CHECKS').quantity).toBe(25);
    await server.api('PUT', '/v1/accounts/me/plan', { maxChecks: null });
  });

  it('GET /v1/runtimes lists every runtime id the public API names, each saying the @playwright/test and Node.js that run it here', async () => {
    const { version } = (await import('@playwright/test/package.json', { with: { type: 'json' } })).default as { version: string };
    const list = await server.api('GET', '/v1/runtimes');
    expect(list.status).toBe(200);
    expect(list.body.map((r: { name: string }) => r.name)).toEqual(['2026.04', '2025.04', '2024.09', '2024.02', '2023.09', '2023.02', '2022.10']);
    expect(list.body.filter((r: { default: boolean }) => r.default).map((r: { name: string }) => r.name)).toEqual(['2026.04']);
    for (const runtime of list.body) {
      expect(runtime).toMatchObject({ multiStepSupport: true, dependencies: { node: process.versions.node, '@playwright/test': version } });
      expect(runtime.description).toContain(`@playwright/test ${version}`);
    }
    expect(list.body[0]).toMatchObject({ name: '2026.04', stage: 'CURRENT' });
    expect((await server.api('GET', '/v1/runtimes/2025.04')).body).toEqual(list.body[1]);
    expect((await server.api('GET', '/v1/runtimes/1999.01')).status).toBe(404);
  });

  it('GET /v1/locations lists local, then the public regions (public API shape: region and name)', async () => {
    const res = await server.api('GET', '/v1/locations');
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({ region: 'local', name: 'This machine (embedded agent)' });
    expect(res.body).toContainEqual({ region: 'eu-central-1', name: 'Frankfurt (runs on this machine)' });
    expect(res.body).toHaveLength(23);
    for (const location of res.body) expect(Object.keys(location).sort()).toEqual(['name', 'region']);
  });
});
