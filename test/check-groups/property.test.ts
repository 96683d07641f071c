import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS, RUNTIME_IDS } from '../../src-shared/enums';
import { startServer, type TestServer } from '../helpers/server';
import { alertSettings, environmentVariables, expectUnchangedRoundTrip, keyValues, locations, retryStrategy, runtimeId, tags, text } from '../helpers/valid-bodies';
import { createGroup, type Body } from './helpers';

/** Values of every JSON kind, including the ones near each rule's boundary. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, 1, -1, 3, 100, 101, 1.5, 600, 601, '', 'FALLBACK', 'x', '2025.04', 'eu-west-1', 'STATUS_CODE', 'NOT_EMPTY'),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 8 }),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('key', 'value', 'type', 'url', 'alertChannelId', 'activated', 'username'), fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean()), { maxKeys: 3 }),
);

/** Plausible bodies: right member names, mostly right kinds of values. */
const plausible: fc.Arbitrary<Body> = fc.record(
  {
    name: fc.oneof(fc.string({ maxLength: 20 }), anyValue),
    activated: fc.oneof(fc.boolean(), anyValue),
    muted: fc.boolean(),
    tags: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
    locations: fc.array(fc.oneof(fc.constantFrom(...LOCATIONS), fc.string({ maxLength: 4 })), { maxLength: 3 }),
    concurrency: fc.oneof(fc.integer({ min: -2, max: 10 }), anyValue),
    apiCheckDefaults: fc.oneof(
      fc.record(
        {
          url: fc.oneof(fc.webUrl(), anyValue),
          headers: fc.array(fc.record({ key: fc.string({ maxLength: 4 }), value: fc.string({ maxLength: 4 }) }), { maxLength: 2 }),
          assertions: fc.array(fc.record({ source: fc.constantFrom('STATUS_CODE', 'HEADERS', 'NOPE'), comparison: fc.constantFrom('EQUALS', 'NOT_EMPTY', 'NOPE'), target: fc.string({ maxLength: 3 }) }), { maxLength: 2 }),
          basicAuth: fc.oneof(fc.constant(null), fc.record({ username: fc.string({ maxLength: 3 }), password: fc.string({ maxLength: 3 }) })),
        },
        { requiredKeys: [] },
      ),
      anyValue,
    ),
    runtimeId: fc.oneof(fc.constantFrom(...RUNTIME_IDS, null), anyValue),
    environmentVariables: fc.oneof(fc.array(fc.record({ key: fc.string({ maxLength: 4 }), value: fc.oneof(fc.string({ maxLength: 4 }), fc.constant(null)) }), { maxLength: 3 }), anyValue),
    alertChannelSubscriptions: fc.array(fc.record({ alertChannelId: fc.oneof(fc.integer({ min: -1, max: 3 }), anyValue), activated: fc.boolean() }), { maxLength: 2 }),
    privateLocations: fc.oneof(fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }), fc.constant(null)),
    runParallel: fc.oneof(fc.boolean(), fc.constant(null)),
    alertSettings: fc.oneof(
      fc.constant(null),
      fc.record({ escalationType: fc.constantFrom('RUN_BASED', 'TIME_BASED', 'X'), runBasedEscalation: fc.record({ failedRunThreshold: fc.integer({ min: 0, max: 6 }) }) }, { requiredKeys: [] }),
      anyValue,
    ),
    retryStrategy: fc.oneof(
      fc.constant('FALLBACK'),
      fc.record({ type: fc.constantFrom('FIXED', 'LINEAR', 'NOPE'), maxRetries: fc.integer({ min: 0, max: 11 }), maxDurationSeconds: fc.integer({ min: -1, max: 601 }) }, { requiredKeys: [] }),
      anyValue,
    ),
    useGlobalAlertSettings: fc.oneof(fc.boolean(), fc.constant(null), anyValue),
    doubleCheck: fc.oneof(fc.boolean(), anyValue),
  },
  { requiredKeys: [] },
);

/** Anything at all: arrays, strings, objects with unknown members. */
const wild: fc.Arbitrary<unknown> = fc.oneof(plausible, fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.string({ maxLength: 6 }), anyValue, { maxKeys: 5 }));

/** Groups with valid values only. */
const validGroup: fc.Arbitrary<Body> = fc.record(
  {
    name: text(1, 80),
    activated: fc.boolean(),
    muted: fc.boolean(),
    tags,
    locations,
    concurrency: fc.integer({ min: 1, max: 100 }),
    apiCheckDefaults: fc.record(
      {
        url: fc.oneof(fc.constant(''), fc.webUrl()),
        headers: keyValues,
        queryParameters: keyValues,
        assertions: fc.array(fc.record({ source: fc.constantFrom('STATUS_CODE', 'JSON_BODY', 'HEADERS'), comparison: fc.constantFrom('EQUALS', 'NOT_EMPTY', 'LESS_THAN'), target: text(0, 10) }), { maxLength: 2 }),
        basicAuth: fc.record({ username: text(0, 10), password: text(0, 10) }),
      },
      { requiredKeys: [] },
    ),
    browserCheckDefaults: text(0, 50),
    runtimeId,
    environmentVariables,
    localSetupScript: fc.option(text(0, 100), { nil: null }),
    localTearDownScript: fc.option(text(0, 100), { nil: null }),
    privateLocations: fc.subarray(['local', 'fuzz-office']),
    runParallel: fc.boolean(),
    alertSettings,
    retryStrategy: fc.oneof(fc.constant('FALLBACK'), retryStrategy),
    useGlobalAlertSettings: fc.option(fc.boolean(), { nil: null }),
    doubleCheck: fc.boolean(),
    setupSnippetId: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
  },
  { requiredKeys: ['name'] },
);

describe('check group bodies, randomly', () => {
  let server: TestServer;

  beforeAll(async () => {
    // Several hundred requests per property: far past the default 600 per minute.
    server = await startServer({ config: { rateLimitPerMinute: 100_000 } });
    await server.api('POST', '/v1/alert-channels', { type: 'EMAIL', config: { address: 'p@example.com' } });
    expect((await server.api('POST', '/v1/private-locations', { name: 'Fuzz office', slugName: 'fuzz-office' })).status).toBe(201);
  });

  it('a valid group is created (201), reads back as answered, and a GET→PUT of it unchanged is accepted and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(validGroup, fc.boolean(), async (body, autoAssign) => {
        const res = await server.api('POST', `/v2/check-groups?autoAssignAlerts=${autoAssign}`, body);
        expect(res.status, res.text).toBe(201);
        expect((await server.api('GET', `/v1/check-groups/${res.body.id}`)).body).toEqual(res.body);
        await expectUnchangedRoundTrip(server, `/v1/check-groups/${res.body.id}`, `/v2/check-groups/${res.body.id}`);
      }),
      { numRuns: 60 },
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('POST never answers 500, and what it accepts reads back unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(wild, fc.boolean(), async (body, autoAssign) => {
        const res = await server.api('POST', `/v2/check-groups?autoAssignAlerts=${autoAssign}`, body);
        expect([201, 400], res.text).toContain(res.status);
        if (res.status === 201) {
          expect((await server.api('GET', `/v1/check-groups/${res.body.id}`)).body).toEqual(res.body);
        } else {
          expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('PUT never answers 500, and a rejected PUT leaves the stored group as it was', async () => {
    const group = await createGroup(server, { name: 'Target', tags: ['p'], concurrency: 4, retryStrategy: { type: 'LINEAR' } });
    let current: Body = (await server.api('GET', `/v1/check-groups/${group.id}`)).body;
    await fc.assert(
      fc.asyncProperty(wild, async (body) => {
        const res = await server.api('PUT', `/v2/check-groups/${group.id}`, body);
        expect([200, 400], res.text).toContain(res.status);
        const stored = (await server.api('GET', `/v1/check-groups/${group.id}`)).body;
        if (res.status === 400) expect(stored).toEqual(current);
        else expect(stored).toEqual(res.body);
        current = stored;
      }),
      { numRuns: 150 },
    );
  });

  it('a valid group mutated in one member is either accepted whole or rejected with the member named', async () => {
    const base: Body = { name: 'Base', tags: ['t'], concurrency: 2, locations: ['eu-west-1'], retryStrategy: 'FALLBACK' };
    const member = fc.constantFrom('name', 'activated', 'muted', 'tags', 'locations', 'concurrency', 'apiCheckDefaults', 'runtimeId', 'environmentVariables', 'privateLocations', 'runParallel', 'alertSettings', 'retryStrategy', 'useGlobalAlertSettings', 'doubleCheck', 'setupSnippetId', 'localSetupScript', 'browserCheckDefaults');
    await fc.assert(
      fc.asyncProperty(member, anyValue, async (key, value) => {
        const res = await server.api('POST', '/v2/check-groups?autoAssignAlerts=false', { ...base, [key]: value });
        expect([201, 400], res.text).toContain(res.status);
        if (res.status === 400) expect(res.body.message).toContain(key);
      }),
      { numRuns: 200 },
    );
  });
});
