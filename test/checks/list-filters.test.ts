import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPOSSIBLE, runToCompletion } from '../alerts/harness';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

const ids = (body: { id: string }[]) => body.map((c) => c.id).sort();

describe('GET /v1/checks filters (tag, tag[], search, checkType, status) and their validation', { timeout: 120_000 }, () => {
  let server: TestServer;
  let passing: string;
  let failing: string;
  let idle: string;
  let trace: string;

  beforeAll(async () => {
    server = await startServer();
    const create = async (path: string, body: Record<string, unknown>) => {
      const res = await server.api('POST', `${path}?autoAssignAlerts=false`, body);
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    passing = await create('/v1/checks/icmp', icmpBody({ name: 'Prod API ping', tags: ['prod', 'api'], request: { hostname: '127.0.0.1', pingCount: 2 } }));
    failing = await create('/v1/checks/icmp', icmpBody({ name: 'Prod DB ping', tags: ['prod', 'db'], request: IMPOSSIBLE }));
    idle = await create('/v1/checks/icmp', icmpBody({ name: 'Staging ping', tags: ['staging'] }));
    trace = await create('/v1/checks/traceroute', { name: 'Route to prod', tags: ['network'], request: { url: 'http://127.0.0.1:9' } });
    await runToCompletion(server.api, passing);
    await runToCompletion(server.api, failing);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('tag and tag[] (as the public CLI sends it) filter, repeated tags match any', async () => {
    const bracket = await server.api('GET', '/v1/checks?tag[]=prod');
    expect(bracket.status, bracket.text).toBe(200);
    expect(ids(bracket.body)).toEqual([passing, failing].sort());
    expect(bracket.headers.get('content-range')).toBe('0-1/2');
    const encoded = await server.api('GET', '/v1/checks?tag%5B%5D=staging&tag%5B%5D=network');
    expect(ids(encoded.body)).toEqual([idle, trace].sort());
    const plain = await server.api('GET', '/v1/checks?tag=db&tag[]=staging');
    expect(ids(plain.body)).toEqual([failing, idle].sort());
    expect((await server.api('GET', '/v1/checks?tag[]=nothing')).body).toEqual([]);
  });

  it('search, checkType and apiCheckUrlFilterPattern (API checks only: none here)', async () => {
    expect(ids((await server.api('GET', '/v1/checks?search=PROD')).body)).toEqual([passing, failing, trace].sort());
    expect(ids((await server.api('GET', '/v1/checks?checkType=TRACEROUTE')).body)).toEqual([trace]);
    expect(ids((await server.api('GET', '/v1/checks?checkType=ICMP&search=prod')).body)).toEqual([passing, failing].sort());
    const api = await server.api('GET', '/v1/checks?apiCheckUrlFilterPattern=127.0.0.1');
    expect(api.status).toBe(200);
    expect(api.body).toEqual([]);
  });

  it('status is the latest result: failing, passing; a check that never ran matches none', async () => {
    expect(ids((await server.api('GET', '/v1/checks?status=failing')).body)).toEqual([failing]);
    expect(ids((await server.api('GET', '/v1/checks?status=passing')).body)).toEqual([passing]);
    expect((await server.api('GET', '/v1/checks?status=degraded')).body).toEqual([]);
    const combined = await server.api('GET', '/v1/checks?status=passing&tag[]=prod&search=api');
    expect(ids(combined.body)).toEqual([passing]);
    expect(combined.headers.get('content-range')).toBe('0-0/1');
  });

  it.each([
    ['status', 'status=__bogus__'],
    ['checkType', 'checkType=NOPE'],
    ['limit', 'limit=101'],
    ['page', 'page=0'],
  ])('an invalid %s answers 400 naming it', async (field, query) => {
    const res = await server.api('GET', `/v1/checks?${query}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.message).toContain(`${field}: `);
  });

  it('/v2/checks and /v3/checks read the same checks without the flat project members; v3 gives intent constraints', async () => {
    const withIntent = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({
      name: 'Intent ping',
      tags: ['intent'],
      intent: { goal: 'Loopback answers', requiredOutcomes: ['replies'], mustPreserve: ['no loss'] },
    }));
    expect(withIntent.status, withIntent.text).toBe(201);
    const v1 = (await server.api('GET', `/v1/checks/${withIntent.body.id}`)).body;
    expect(v1).toMatchObject({ project: null, logicalId: null, member: null, pending: null });

    const v2 = await server.api('GET', `/v2/checks/${withIntent.body.id}`);
    expect(v2.status, v2.text).toBe(200);
    const { project: _p, logicalId: _l, member: _m, pending: _q, ...rest } = v1;
    expect(v2.body).toEqual(rest);

    const v3 = await server.api('GET', `/v3/checks/${withIntent.body.id}`);
    expect(v3.body.intent).toEqual({
      goal: 'Loopback answers',
      constraints: [
        { type: 'REQUIRED_OUTCOME', statement: 'replies' },
        { type: 'MUST_PRESERVE', statement: 'no loss' },
      ],
    });
    expect(v3.body).not.toHaveProperty('project');

    const list = await server.api('GET', '/v2/checks?tag[]=intent');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([rest]);
    expect(list.headers.get('content-range')).toBe('0-0/1');
    expect((await server.api('GET', '/v3/checks?status=__bogus__')).status).toBe(400);
    expect((await server.api('GET', '/v3/checks/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    await server.api('DELETE', `/v1/checks/${withIntent.body.id}`);
  });
});

describe('applyGroupSettings on GET /v1/checks, /v1/checks/{id} and the /v2, /v3 reads', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('member checks read with their group\'s settings applied; others and the default read are their own', async () => {
    const group = await server.api('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'Muted edge', muted: true, locations: ['eu-west-1'] });
    expect(group.status, group.text).toBe(201);
    const member = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Member', groupId: group.body.id, locations: ['us-east-1'] }));
    expect(member.status, member.text).toBe(201);
    const loner = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Loner', locations: ['us-east-1'] }));

    const own = await server.api('GET', `/v1/checks/${member.body.id}`);
    expect(own.body).toMatchObject({ muted: false, locations: ['us-east-1'] });
    for (const prefix of ['/v1', '/v2', '/v3']) {
      const applied = await server.api('GET', `${prefix}/checks/${member.body.id}?applyGroupSettings=true`);
      expect(applied.status, applied.text).toBe(200);
      expect(applied.body).toMatchObject({ muted: true, locations: ['eu-west-1'] });
    }
    const list = await server.api('GET', '/v1/checks?applyGroupSettings=true');
    const byName = new Map(list.body.map((c: { name: string }) => [c.name, c]));
    expect(byName.get('Member')).toMatchObject({ muted: true, locations: ['eu-west-1'] });
    expect(byName.get('Loner')).toEqual(loner.body);
    expect((await server.api('GET', '/v1/checks?applyGroupSettings=maybe')).status).toBe(400);
  });
});

describe('POST /v1/checks and PUT /v1/checks/{id}: the generic writes dispatch on checkType', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('creates an ICMP, a traceroute and a multi-step check (201) that read as their own types', async () => {
    const icmp = await server.api('POST', '/v1/checks', { checkType: 'ICMP', name: 'Generic ping', request: { hostname: '127.0.0.1' } });
    expect(icmp.status, icmp.text).toBe(201);
    expect(icmp.body).toMatchObject({ checkType: 'ICMP', name: 'Generic ping', request: { hostname: '127.0.0.1', pingCount: 10 } });
    expect((await server.api('GET', `/v1/checks/${icmp.body.id}`)).body).toEqual(icmp.body);

    const route = await server.api('POST', '/v1/checks?autoAssignAlerts=false', { checkType: 'TRACEROUTE', name: 'Generic route', request: { url: 'http://127.0.0.1' } });
    expect(route.status, route.text).toBe(201);
    expect(route.body.checkType).toBe('TRACEROUTE');

    const multi = await server.api('POST', '/v1/checks', { checkType: 'MULTI_STEP', name: 'Generic script', script: "import { test } from '@playwright/test'; test('x', () => {});" });
    expect(multi.status, multi.text).toBe(201);
    expect(multi.body.checkType).toBe('MULTI_STEP');
  });

  it('a type Sightline cannot run, or none, answers 400 naming checkType and the supported types; nothing is stored', async () => {
    for (const body of [{ checkType: 'BROWSER', name: 'A browser check', script: 'x' }, { name: 'No type' }]) {
      const res = await server.api('POST', '/v1/checks', body);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.message).toContain('checkType: ');
      expect(res.body.message).toContain('ICMP, TRACEROUTE, MULTI_STEP, SSL, API, URL');
    }
    expect((await server.api('GET', '/v1/checks?checkType=BROWSER')).body).toEqual([]);
  });

  it('the type rules apply: an ICMP body without hostname answers 400 naming request.hostname', async () => {
    const res = await server.api('POST', '/v1/checks', { checkType: 'ICMP', name: 'Broken', request: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('request.hostname: ');
  });

  it('PUT updates with the stored type\'s rules (partial body, 200); another checkType is a 400; unknown id 404', async () => {
    const created = await server.api('POST', '/v1/checks', { checkType: 'ICMP', name: 'To rename', request: { hostname: '127.0.0.1' } });
    const renamed = await server.api('PUT', `/v1/checks/${created.body.id}`, { name: 'Renamed', request: { hostname: '127.0.0.1', pingCount: 3 } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', request: { hostname: '127.0.0.1', pingCount: 3 } });
    const sameType = await server.api('PUT', `/v1/checks/${created.body.id}`, { checkType: 'ICMP', muted: true });
    expect(sameType.status).toBe(200);
    expect(sameType.body.muted).toBe(true);

    const otherType = await server.api('PUT', `/v1/checks/${created.body.id}`, { checkType: 'TRACEROUTE', name: 'x' });
    expect(otherType.status).toBe(400);
    expect(otherType.body.message).toContain('checkType: ');
    const bad = await server.api('PUT', `/v1/checks/${created.body.id}`, { request: { hostname: '127.0.0.1', pingCount: 51 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('request.pingCount: ');
    expect((await server.api('GET', `/v1/checks/${created.body.id}`)).body).toEqual(sameType.body);

    expect((await server.api('PUT', '/v1/checks/00000000-0000-4000-8000-000000000000', { name: 'x' })).status).toBe(404);
  });
});

describe('DELETE /v1/accounts/{id}/members/{userId}: the user id is a uuid', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('not-a-uuid answers 400 naming userId; an unknown uuid 404', async () => {
    for (const prefix of ['/v1/accounts/me', `/v1/accounts/${server.backend.accountId}`]) {
      const bad = await server.api('DELETE', `${prefix}/members/not-a-uuid`);
      expect(bad.status, bad.text).toBe(400);
      expect(bad.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(bad.body.message).toContain('userId: ');
      const patch = await server.api('PATCH', `${prefix}/members/not-a-uuid`, { role: 'READ_ONLY' });
      expect(patch.status).toBe(400);
      const unknown = await server.api('DELETE', `${prefix}/members/00000000-0000-4000-8000-000000000000`);
      expect(unknown.status).toBe(404);
    }
  });
});
