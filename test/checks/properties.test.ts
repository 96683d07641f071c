import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREQUENCIES } from '../../src-shared/enums';
import { MULTI_STEP_FREQUENCIES } from '../../src-shared/schemas/multistep-check';
import { startServer, type TestServer } from '../helpers/server';
import { alertSettings, environmentVariables, expectUnchangedRoundTrip, host, identifier, locations, retryStrategy, runtimeId, tags, text } from '../helpers/valid-bodies';
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

/** Members every monitor type takes, each with valid values only. */
const validShared = {
  name: text(1, 80),
  activated: fc.boolean(),
  muted: fc.boolean(),
  doubleCheck: fc.boolean(),
  shouldFail: fc.boolean(),
  tags,
  locations,
  privateLocations: fc.subarray(['local', 'fuzz-office']),
  runtimeId,
  description: fc.option(text(0, 300), { nil: null }),
  runParallel: fc.boolean(),
  useGlobalAlertSettings: fc.boolean(),
  alertSettings,
  retryStrategy: fc.option(retryStrategy, { nil: null }),
  environmentVariables,
  intent: fc.option(fc.record({ goal: text(1, 100), requiredOutcomes: fc.array(text(1, 40), { maxLength: 3 }), mustPreserve: fc.array(text(1, 40), { maxLength: 3 }) }), { nil: null }),
};

/** A degraded threshold must be below the failed one (a member left out counts as its default). */
const inOrder =
  (low: string, high: string, defaults: [number, number], top: number) =>
  (body: Body): Body => {
    if (body[low] === undefined && body[high] === undefined) return body;
    let degraded = (body[low] ?? defaults[0]) as number;
    let failed = (body[high] ?? defaults[1]) as number;
    if (degraded > failed) [degraded, failed] = [failed, degraded];
    if (degraded === failed) {
      if (failed < top) failed += 1;
      else degraded -= 1;
    }
    return { ...body, [low]: degraded, [high]: failed };
  };
const responseTimesInOrder = (top: number) => inOrder('degradedResponseTime', 'maxResponseTime', [10000, 20000], top);

const VALID_BODIES: Array<[string, fc.Arbitrary<Body>]> = [
  [
    'icmp',
    fc.record(
      {
        ...validShared,
        frequency: fc.constantFrom(...FREQUENCIES),
        request: fc.record({ hostname: host, pingCount: fc.integer({ min: 1, max: 50 }), ipFamily: fc.constantFrom('IPv4', 'IPv6') }, { requiredKeys: ['hostname'] }),
        degradedResponseTime: fc.integer({ min: 0, max: 300000 }),
        maxResponseTime: fc.integer({ min: 0, max: 300000 }),
        degradedPacketLossThreshold: fc.integer({ min: 1, max: 100 }),
        maxPacketLossThreshold: fc.integer({ min: 1, max: 100 }),
      },
      { requiredKeys: ['name', 'request'] },
    )
      .map(responseTimesInOrder(300000))
      .map(inOrder('degradedPacketLossThreshold', 'maxPacketLossThreshold', [10, 20], 100)),
  ],
  [
    'traceroute',
    fc.record(
      {
        ...validShared,
        frequency: fc.constantFrom(...FREQUENCIES),
        request: fc.record(
          {
            url: host,
            protocol: fc.constantFrom('TCP', 'ICMP', 'UDP', 'SCTP'),
            port: fc.integer({ min: 1, max: 65535 }),
            ipFamily: fc.constantFrom('IPv4', 'IPv6'),
            maxHops: fc.integer({ min: 1, max: 64 }),
            maxUnknownHops: fc.integer({ min: 1, max: 30 }),
            ptrLookup: fc.boolean(),
            timeout: fc.integer({ min: 1, max: 30 }),
          },
          { requiredKeys: ['url'] },
        ),
        degradedResponseTime: fc.integer({ min: 0, max: 30000 }),
        maxResponseTime: fc.integer({ min: 0, max: 30000 }),
      },
      { requiredKeys: ['name', 'request'] },
    ).map(responseTimesInOrder(30000)),
  ],
  [
    'multistep',
    fc.record(
      {
        ...validShared,
        description: fc.option(text(0, 500), { nil: null }),
        frequency: fc.constantFrom(...MULTI_STEP_FREQUENCIES),
        script: text(1, 300),
        scriptPath: fc.option(fc.constantFrom('tests/main.spec.ts', 'check.spec.ts', 'e2e\\flow.spec.ts'), { nil: null }),
        dependencies: fc.uniqueArray(
          fc.record({ path: fc.tuple(fc.constantFrom('lib/', './lib/', 'data/', ''), identifier).map(([dir, name]) => `${dir}${name}.ts`), content: text(1, 200) }),
          { maxLength: 4, selector: (dependency) => dependency.path.replace(/^\.\//, '').toLowerCase() },
        ),
      },
      { requiredKeys: ['name', 'script'] },
    ),
  ],
];

describe.each(VALID_BODIES)('valid %s bodies', (segment, validBody) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 1_000_000 } });
    expect((await server.api('POST', '/v1/private-locations', { name: 'Fuzz office', slugName: 'fuzz-office' })).status).toBe(201);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('are created (201), read back as answered, and a GET→PUT of the unchanged monitor is accepted and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(validBody, async (body) => {
        const res = await server.api('POST', `/v1/checks/${segment}`, body);
        expect(res.status, res.text).toBe(201);
        expect((await server.api('GET', `/v1/checks/${res.body.id}`)).body).toEqual(res.body);
        await expectUnchangedRoundTrip(server, `/v1/checks/${res.body.id}`, `/v1/checks/${segment}/${res.body.id}`);
      }),
      { numRuns: 40 },
    );
  });
});
