import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { createEmailChannel, icmpBody, setMaxChecks, startServer, type TestServer } from '../helpers/server';
import { COMMON_DEFAULTS, NOT_FOUND, READ_ONLY } from '../helpers/shapes';

const START = '2026-03-01T08:00:00.000Z';

const DEFAULTS = {
  checkType: 'ICMP',
  ...COMMON_DEFAULTS,
  heartbeat: null,
  script: null,
  scriptPath: null,
  sslCheckDomain: null,
  request: { hostname: '127.0.0.1', ipFamily: 'IPv4', pingCount: 10, assertions: [] },
  degradedResponseTime: 10000,
  maxResponseTime: 20000,
  degradedPacketLossThreshold: 10,
  maxPacketLossThreshold: 20,
};

describe('ICMP monitor create, read, update, delete', () => {
  let server: TestServer;
  const clock = new ManualClock(START);

  beforeAll(async () => {
    server = await startServer({ clock });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function create(members: Record<string, unknown> = {}) {
    const res = await server.api('POST', '/v1/checks/icmp', icmpBody(members));
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  it('creates with 201 and fills every default into the read shape', async () => {
    clock.set(START);
    const res = await server.api('POST', '/v1/checks/icmp', { name: 'Loopback ping', request: { hostname: '127.0.0.1' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const { id, ...rest } = res.body;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(rest).toEqual({ name: 'Loopback ping', ...DEFAULTS, ...READ_ONLY, created_at: START, updated_at: null });
  });

  it('GET /v1/checks/:id returns exactly what the create returned', async () => {
    const created = await create({ name: 'Read back', tags: ['edge'], request: { hostname: '::1', ipFamily: 'IPv6', pingCount: 3 } });
    const res = await server.api('GET', `/v1/checks/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    expect(res.body.request).toEqual({ hostname: '::1', ipFamily: 'IPv6', pingCount: 3, assertions: [] });
  });

  it('keeps every member the client sent', async () => {
    const channelId = await createEmailChannel(server);
    const full = {
      name: 'Everything set',
      checkType: 'ICMP',
      activated: false,
      muted: true,
      doubleCheck: false,
      shouldFail: true,
      locations: ['eu-west-1', 'us-east-1'],
      privateLocations: ['local'],
      tags: ['prod', 'network'],
      alertSettings: {
        escalationType: 'TIME_BASED',
        timeBasedEscalation: { minutesFailingThreshold: 15 },
        reminders: { amount: 2, interval: 10 },
        parallelRunFailureThreshold: { enabled: true, percentage: 50 },
      },
      useGlobalAlertSettings: false,
      groupOrder: 3,
      runtimeId: '2025.04',
      alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }],
      retryStrategy: { type: 'LINEAR', baseBackoffSeconds: 30, sameRegion: false, maxRetries: 3, maxDurationSeconds: 120, onlyOn: ['NETWORK_ERROR'] },
      triggerIncident: { serviceId: randomUUID(), severity: 'CRITICAL', name: 'Down', description: 'No replies', notifySubscribers: false },
      runParallel: true,
      description: 'Pings loopback',
      intent: { goal: 'Loopback answers', requiredOutcomes: ['replies'], mustPreserve: ['ipv4'] },
      aiAutoRepairEnabled: false,
      frequency: 5,
      frequencyOffset: 42,
      environmentVariables: [{ key: 'A', value: '1', locked: true, secret: true }],
      request: { hostname: 'localhost', ipFamily: 'IPv4', pingCount: 4, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '50', regex: null }] },
      degradedResponseTime: 50,
      maxResponseTime: 100,
      degradedPacketLossThreshold: 25,
      maxPacketLossThreshold: 50,
    };
    const created = await create(full);
    // A secret's value is write-only: it reads as the mask.
    const read = { ...full, environmentVariables: [{ key: 'A', value: '*****', locked: true, secret: true }] };
    expect(created).toMatchObject(read);
    expect((await server.api('GET', `/v1/checks/${created.id}`)).body).toMatchObject(read);
  });

  it('ignores read-only and unknown members in the body', async () => {
    const id = randomUUID();
    const created = await create({ id, created_at: '2000-01-01T00:00:00.000Z', project: { id: 'x' }, colour: 'blue' });
    expect(created.id).not.toBe(id);
    expect(created.created_at).not.toBe('2000-01-01T00:00:00.000Z');
    expect(created.project).toBeNull();
    expect(created).not.toHaveProperty('colour');
  });

  it('accepts autoAssignAlerts=false and =true', async () => {
    for (const value of ['false', 'true']) {
      const res = await server.api('POST', `/v1/checks/icmp?autoAssignAlerts=${value}`, icmpBody());
      expect(res.status).toBe(201);
    }
    const bad = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=maybe', icmpBody());
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('autoAssignAlerts');
  });

  describe('PUT /v1/checks/icmp/:id', () => {
    it('changes only the members it names and sets updated_at', async () => {
      clock.set(START);
      const created = await create({ name: 'Before', tags: ['a'], degradedResponseTime: 500, request: { hostname: '127.0.0.1', pingCount: 4 } });
      clock.advance(60_000);
      const res = await server.api('PUT', `/v1/checks/icmp/${created.id}`, { name: 'After', muted: true });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...created, name: 'After', muted: true, updated_at: '2026-03-01T08:01:00.000Z' });
      expect((await server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(res.body);
    });

    it('an empty body changes nothing but updated_at', async () => {
      const created = await create({ name: 'Untouched' });
      clock.advance(1000);
      const res = await server.api('PUT', `/v1/checks/icmp/${created.id}`, {});
      expect(res.status).toBe(200);
      expect({ ...res.body, updated_at: null }).toEqual(created);
      expect(res.body.updated_at).toBe(clock.now().toISOString());
    });

    it('replaces a whole request given in full', async () => {
      const created = await create({ request: { hostname: '127.0.0.1', pingCount: 4 } });
      const request = { hostname: '::1', ipFamily: 'IPv6', pingCount: 2, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: '', target: '5', regex: '' }] };
      const res = await server.api('PUT', `/v1/checks/icmp/${created.id}`, { request });
      expect(res.status).toBe(200);
      expect(res.body.request).toEqual(request);
    });

    it('merges a request that names its hostname over the stored one', async () => {
      const created = await create({ request: { hostname: 'localhost', ipFamily: 'IPv6', pingCount: 4 } });
      const res = await server.api('PUT', `/v1/checks/icmp/${created.id}`, { request: { hostname: 'localhost', pingCount: 20 } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.request).toEqual({ hostname: 'localhost', ipFamily: 'IPv6', pingCount: 20, assertions: [] });
    });

    it('rejects a request without hostname, as the public update schema does, and changes nothing', async () => {
      const created = await create({ request: { hostname: 'localhost', pingCount: 4 } });
      const res = await server.api('PUT', `/v1/checks/icmp/${created.id}`, { request: { pingCount: 20 } });
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toContain('request.hostname: ');
      expect((await server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(created);
    });

    it('sets members to null and replaces arrays', async () => {
      const created = await create({ description: 'was set', tags: ['a', 'b'], locations: ['eu-west-1'] });
      const res = await server.api('PUT', `/v1/checks/icmp/${created.id}`, { description: null, tags: ['c'], locations: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ description: null, tags: ['c'], locations: null });
    });

    it('validates the merged monitor as a whole', async () => {
      const created = await create({ frequency: 60, frequencyOffset: 300 });
      const res = await server.api('PUT', `/v1/checks/icmp/${created.id}`, { frequency: 5 });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('frequencyOffset: with frequency 5 must be between 1 and 50');
      const globalOff = await create({ useGlobalAlertSettings: true, alertSettings: null });
      const off = await server.api('PUT', `/v1/checks/icmp/${globalOff.id}`, { useGlobalAlertSettings: false });
      expect(off.status).toBe(400);
      expect(off.body.message).toContain('alertSettings: ');
    });

    it('moves a frequency-0 monitor it never gave an offset to an hourly-plus frequency', async () => {
      const created = await create({ frequency: 0 });
      expect(created.frequencyOffset).toBe(10);
      const res = await server.api('PUT', `/v1/checks/icmp/${created.id}`, { frequency: 120 });
      expect(res.status, res.text).toBe(200);
      expect(res.body.frequency).toBe(120);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['name empty', { name: '' }, 'name'],
      ['pingCount 51', { request: { hostname: '127.0.0.1', pingCount: 51 } }, 'request.pingCount'],
      ['hostname starting with "-"', { request: { hostname: '-i0.001' } }, 'request.hostname'],
      ['frequency not allowed', { frequency: 7 }, 'frequency'],
      ['tags with an empty item', { tags: [''] }, 'tags[0]'],
      ['groupId naming no group', { groupId: 12 }, 'groupId'],
      ['checkType another type', { checkType: 'DNS' }, 'checkType'],
      ['alertSettings null without global settings', { alertSettings: null, useGlobalAlertSettings: false }, 'alertSettings'],
      ['intent with an extra member', { intent: { goal: 'x', extra: true } }, 'intent'],
    ])('a rejected PUT (%s) answers 400 and loses nothing', async (_label, patch, field) => {
      clock.set(START);
      const created = await create({ name: 'Keep me', tags: ['keep'], frequency: 5, frequencyOffset: 7, description: 'stored', request: { hostname: 'localhost', pingCount: 3 } });
      clock.advance(5000);
      const res = await server.api('PUT', `/v1/checks/icmp/${created.id}`, patch);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.message).toContain(`${field}: `);
      const after = await server.api('GET', `/v1/checks/${created.id}`);
      expect(after.status).toBe(200);
      expect(after.body).toEqual(created);
    });

    it('a PUT with malformed JSON answers 400 and loses nothing', async () => {
      const created = await create({ name: 'Still here' });
      const res = await server.api('PUT', `/v1/checks/icmp/${created.id}`, '{"name":');
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Body is not valid JSON/);
      expect((await server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(created);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of [randomUUID(), 'not-a-uuid', '12345']) {
        const res = await server.api('PUT', `/v1/checks/icmp/${id}`, { name: 'ghost' });
        expect(res.status, id).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
    });
  });

  describe('GET and DELETE /v1/checks/:id', () => {
    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of [randomUUID(), 'nope', encodeURIComponent("' or 1=1 --")]) {
        const get = await server.api('GET', `/v1/checks/${id}`);
        expect(get.status, id).toBe(404);
        expect(get.body).toEqual(NOT_FOUND);
        const del = await server.api('DELETE', `/v1/checks/${id}`);
        expect(del.status, id).toBe(404);
        expect(del.body).toEqual(NOT_FOUND);
      }
    });

    it('deletes with 204 and an empty body; afterwards the check is gone everywhere', async () => {
      const created = await create({ name: 'Delete me please' });
      const res = await server.api('DELETE', `/v1/checks/${created.id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await server.api('GET', `/v1/checks/${created.id}`)).status).toBe(404);
      expect((await server.api('PUT', `/v1/checks/icmp/${created.id}`, { name: 'back?' })).status).toBe(404);
      expect((await server.api('DELETE', `/v1/checks/${created.id}`)).status).toBe(404);
      expect((await server.api('GET', '/v1/checks?search=Delete%20me%20please')).body).toEqual([]);
    });

    it('deleting one check leaves the others alone', async () => {
      const keep = await create({ name: 'Neighbour keep' });
      const drop = await create({ name: 'Neighbour drop' });
      expect((await server.api('DELETE', `/v1/checks/${drop.id}`)).status).toBe(204);
      expect((await server.api('GET', `/v1/checks/${keep.id}`)).body).toEqual(keep);
    });
  });
});

describe('plan limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 402 with attributes once the account holds max_checks checks, and creates nothing', async () => {
    await setMaxChecks(server, 2);
    expect((await server.api('GET', '/v1/accounts/me')).body.maxChecks).toBe(2);
    expect((await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'one' }))).status).toBe(201);
    const second = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'two' }));
    expect(second.status).toBe(201);

    const res = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'three' }));
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      statusCode: 402,
      error: 'Payment Required',
      message: expect.stringMatching(/2 checks/),
      attributes: { limit: 2, used: 2, resource: 'checks' },
    });
    const list = await server.api('GET', '/v1/checks');
    expect(list.headers.get('content-range')).toBe('0-1/2');

    // Updating an existing check is not a create.
    expect((await server.api('PUT', `/v1/checks/icmp/${second.body.id}`, { name: 'two again' })).status).toBe(200);

    // Deleting one frees a slot.
    expect((await server.api('DELETE', `/v1/checks/${second.body.id}`)).status).toBe(204);
    expect((await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'three' }))).status).toBe(201);
  });

  it('validates the body before counting against the plan', async () => {
    await setMaxChecks(server, 0);
    const res = await server.api('POST', '/v1/checks/icmp', { name: '' });
    expect(res.status).toBe(400);
    const ok = await server.api('POST', '/v1/checks/icmp', icmpBody());
    expect(ok.status).toBe(402);
    await setMaxChecks(server, null);
    expect((await server.api('POST', '/v1/checks/icmp', icmpBody())).status).toBe(201);
  });
});
