import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import type { Body } from './harness';

interface MonitorType {
  segment: string;
  valid: Body;
  members: string[];
  nested: string[];
}

const SHARED = ['name', 'activated', 'muted', 'locations', 'tags', 'alertSettings', 'groupId', 'groupOrder', 'runtimeId', 'alertChannelSubscriptions', 'retryStrategy', 'triggerIncident', 'description', 'intent', 'frequency', 'frequencyOffset', 'environmentVariables', 'checkType'];

const TYPES: MonitorType[] = [
  {
    segment: 'traceroute',
    valid: { name: 'path', request: { url: '127.0.0.1', port: 80, maxUnknownHops: 5 } },
    members: [...SHARED, 'request', 'degradedResponseTime', 'maxResponseTime'],
    nested: ['url', 'protocol', 'port', 'ipFamily', 'maxHops', 'maxUnknownHops', 'ptrLookup', 'timeout', 'assertions'],
  },
  {
    segment: 'icmp',
    valid: { name: 'ping', request: { hostname: '127.0.0.1' } },
    members: [...SHARED, 'request', 'pingCount', 'degradedPacketLossThreshold'],
    nested: ['hostname', 'ipFamily', 'pingCount', 'assertions'],
  },
  {
    segment: 'multistep',
    valid: { name: 'flow', script: 'console.log(1)' },
    members: [...SHARED, 'script', 'scriptPath', 'dependencies'],
    nested: [],
  },
];

/** A value of any JSON shape, with the boundary numbers the rules care about more likely than chance. */
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(0, -1, 1, 30, 31, 64, 65, 65535, 65536, 30000, 30001, 1.5, '', 'a\u0000b', null, [], {}),
);

/** A body made from a valid one: members replaced by arbitrary values, removed, or added. */
function mutated(type: MonitorType) {
  const top = fc.dictionary(fc.constantFrom(...type.members, 'unknownMember'), fc.option(value, { nil: undefined }), { maxKeys: 4 });
  const nested = type.nested.length ? fc.dictionary(fc.constantFrom(...type.nested), fc.option(value, { nil: undefined }), { maxKeys: 3 }) : fc.constant({});
  return fc.tuple(top, nested, fc.boolean()).map(([members, inner, touchRequest]) => {
    const body: Body = { ...type.valid, ...members };
    if (touchRequest && typeof type.valid.request === 'object') body.request = { ...(type.valid.request as Body), ...inner };
    return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  });
}

describe.each(TYPES)('random $segment bodies', (type) => {
  let server: TestServer;
  let stored: Body;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 1_000_000 } });
    const created = await server.api('POST', `/v1/checks/${type.segment}`, type.valid);
    expect(created.status).toBe(201);
    stored = created.body;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a create answers 201 or 400, never a 500, and a 400 stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(mutated(type), async (body) => {
        const before = (await server.api('GET', '/v1/checks')).headers.get('content-range');
        const res = await server.api('POST', `/v1/checks/${type.segment}`, body);
        expect([201, 400], res.text).toContain(res.status);
        if (res.status === 400) {
          expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
          expect((await server.api('GET', '/v1/checks')).headers.get('content-range')).toBe(before);
        } else {
          expect((await server.api('GET', `/v1/checks/${res.body.id}`)).body).toEqual(res.body);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('a PUT answers 200 or 400, never a 500, and a rejected PUT changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(mutated(type), fc.boolean(), async (patch, partial) => {
        const body = partial ? Object.fromEntries(Object.entries(patch).filter(([key]) => !(key in type.valid))) : patch;
        const res = await server.api('PUT', `/v1/checks/${type.segment}/${stored.id}`, body);
        expect([200, 400], res.text).toContain(res.status);
        const after = (await server.api('GET', `/v1/checks/${stored.id}`)).body;
        if (res.status === 400) expect(after).toEqual(stored);
        else {
          expect(after).toEqual(res.body);
          stored = after;
        }
      }),
      { numRuns: 80 },
    );
  });

  it('raw bytes that are not a JSON object answer 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (raw) => {
        const res = await fetch(`${server.url}/v1/checks/${type.segment}/${stored.id}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
          body: raw,
        });
        const isObject = (() => {
          try {
            const parsed: unknown = JSON.parse(raw);
            return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
          } catch {
            return false;
          }
        })();
        if (!isObject) expect(res.status).toBe(400);
        else expect([200, 400]).toContain(res.status);
        await res.text();
        const after = (await server.api('GET', `/v1/checks/${stored.id}`)).body;
        if (res.status === 400) expect(after).toEqual(stored);
        else stored = after;
      }),
      { numRuns: 40 },
    );
  });
});
