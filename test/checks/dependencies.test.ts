import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';

describe('dependsOn on checks and groups: stored, returned, validated (REST and tRPC)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  async function create(name: string, extra: Record<string, unknown> = {}): Promise<string> {
    const created = await server.api('POST', '/v1/checks/icmp', icmpBody({ name, ...extra }));
    expect(created.status, created.text).toBe(201);
    return created.body.id as string;
  }

  async function dependsOnOf(id: string): Promise<unknown> {
    const got = await server.api('GET', `/v1/checks/${id}`);
    expect(got.status, got.text).toBe(200);
    return got.body.dependsOn;
  }

  async function group(name: string, extra: Record<string, unknown> = {}): Promise<number> {
    const created = await server.api('POST', '/v2/check-groups', { name, ...extra });
    expect(created.status, created.text).toBe(201);
    return created.body.id as number;
  }

  it('stores and returns the list on every check type’s create and update, [] by default', async () => {
    const gateway = await create('Gateway');
    expect(await dependsOnOf(gateway)).toEqual([]);
    const api = await create('API', { dependsOn: [gateway] });
    expect(await dependsOnOf(api)).toEqual([gateway]);
    const traceroute = await server.api('POST', '/v1/checks/traceroute', { name: 'Route', request: { url: '127.0.0.1' }, dependsOn: [gateway] });
    expect(traceroute.status, traceroute.text).toBe(201);
    expect(traceroute.body.dependsOn).toEqual([gateway]);
    const multistep = await server.api('POST', '/v1/checks/multistep', { name: 'Journey', script: "import { test } from '@playwright/test';\ntest('x', async () => {});\n", dependsOn: [gateway] });
    expect(multistep.status, multistep.text).toBe(201);
    expect(multistep.body.dependsOn).toEqual([gateway]);
    const generic = await server.api('PUT', `/v1/checks/${multistep.body.id}`, { dependsOn: [traceroute.body.id] });
    expect(generic.status, generic.text).toBe(200);
    expect(generic.body.dependsOn).toEqual([traceroute.body.id]);
    const updated = await server.api('PUT', `/v1/checks/icmp/${api}`, { dependsOn: [] });
    expect(updated.status, updated.text).toBe(200);
    expect(await dependsOnOf(api)).toEqual([]);
  });

  it('answers 400 naming dependsOn for an unknown id, a non-id, itself and more than 20', async () => {
    const check = await create('Lonely');
    const unknown = randomUUID();
    const cases: [unknown, RegExp][] = [
      [[unknown], new RegExp(`dependsOn: no check with id ${unknown}`)],
      [['gateway'], /dependsOn.*check id/],
      [[check], /dependsOn: a check cannot depend on itself/],
      [Array.from({ length: 21 }, () => randomUUID()), /dependsOn.*at most 20/],
    ];
    for (const [dependsOn, message] of cases) {
      const res = await server.api('PUT', `/v1/checks/icmp/${check}`, { dependsOn });
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await dependsOnOf(check), 'a rejected PUT changes nothing').toEqual([]);
  });

  it('answers 400 naming dependsOn and the cycle, through checks and through groups', async () => {
    const a = await create('Cycle A');
    const b = await create('Cycle B', { dependsOn: [a] });
    const direct = await server.api('PUT', `/v1/checks/icmp/${a}`, { dependsOn: [b] });
    expect(direct.status, direct.text).toBe(400);
    expect(direct.body.message).toContain('dependsOn: this would make a dependency cycle: "Cycle A" → "Cycle B" → "Cycle A"');
    expect(await dependsOnOf(a)).toEqual([]);

    // C is in a group that depends on A; A depending on C closes A → C → A through the group.
    const viaGroup = await group('Behind A', { dependsOn: [a] });
    const c = await create('Cycle C', { groupId: viaGroup });
    const throughGroup = await server.api('PUT', `/v1/checks/icmp/${a}`, { dependsOn: [c] });
    expect(throughGroup.status, throughGroup.text).toBe(400);
    expect(throughGroup.body.message).toContain('"Cycle A" → "Cycle C" → "Cycle A"');

    // The group's own list can close a cycle too: D depends on E, E's group names D.
    const d = await create('Cycle D');
    const members = await group('Members');
    const e = await create('Cycle E', { groupId: members });
    expect((await server.api('PUT', `/v1/checks/icmp/${d}`, { dependsOn: [e] })).status).toBe(200);
    const groupCycle = await server.api('PUT', `/v2/check-groups/${members}`, { name: 'Members', dependsOn: [d] });
    expect(groupCycle.status, groupCycle.text).toBe(400);
    expect(groupCycle.body.message).toMatch(/dependsOn: this would make a dependency cycle: "Cycle (D|E)" → "Cycle (D|E)" → "Cycle (D|E)"/);
    const stored = await server.api('GET', `/v1/check-groups/${members}`);
    expect(stored.body.dependsOn).toEqual([]);
  });

  it('names a long cycle by its first checks and its length', async () => {
    const chain: string[] = [];
    for (let i = 1; i <= 15; i += 1) chain.push(await create(`Link ${i}`, { dependsOn: chain.slice(-1) }));
    const closing = await server.api('PUT', `/v1/checks/icmp/${chain[0]}`, { dependsOn: [chain[14]] });
    expect(closing.status, closing.text).toBe(400);
    expect(closing.body.message).toContain('dependsOn: this would make a dependency cycle: "Link 1" → "Link 15" → "Link 14" → ');
    expect(closing.body.message).toContain('→ … (15 checks) → "Link 1"');
  });

  it('returns a group’s list, rejects unknown ids on groups, and a deleted check leaves every list', async () => {
    const gateway = await create('Doomed gateway');
    const other = await create('Other gateway');
    const g = await group('Behind the gateway', { dependsOn: [gateway, other] });
    expect((await server.api('GET', `/v1/check-groups/${g}`)).body.dependsOn).toEqual([gateway, other]);
    const bad = await server.api('POST', '/v2/check-groups', { name: 'Bad', dependsOn: [randomUUID()] });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.message).toMatch(/^dependsOn: no check with id/);

    const dependent = await create('Dependent', { dependsOn: [gateway, other] });
    expect((await server.api('DELETE', `/v1/checks/${gateway}`)).status).toBe(204);
    expect(await dependsOnOf(dependent)).toEqual([other]);
    expect((await server.api('GET', `/v1/check-groups/${g}`)).body.dependsOn).toEqual([other]);
    const edited = await server.api('PUT', `/v1/checks/icmp/${dependent}`, { name: 'Dependent, renamed' });
    expect(edited.status, 'the remaining list still validates').toBe(200);
  });

  it('takes the same list through tRPC, with the same 400', async () => {
    const trpc = trpcClient(server.url, server.key);
    const gateway = await create('tRPC gateway');
    const created = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'tRPC dependent', dependsOn: [gateway] }));
    const id = created.body.id as string;
    const fetched = await trpc.checks.get.query({ id });
    expect((fetched as { dependsOn?: unknown }).dependsOn).toEqual([gateway]);
    await expect(trpc.checks.updateIcmp.mutate({ id, patch: { dependsOn: [id] } } as never)).rejects.toThrow(/dependsOn: a check cannot depend on itself/);
  });
});
