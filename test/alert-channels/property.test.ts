import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type ApiResponse, type TestServer } from '../helpers/server';
import { WEBHOOK_TYPES } from '../../src-shared/schemas/alert-channel';
import { expectUnchangedRoundTrip, identifier, keyValues, text as validText } from '../helpers/valid-bodies';
import { CHANNEL_TYPES, MINIMAL_CONFIGS } from './fixtures';

type Json = Record<string, unknown>;

const RUNS = 120;
const anyJson = fc.jsonValue({ maxDepth: 3 });
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', ' ', 'https://example.com/x', 'ops@example.com', '+14155550123', 'P1', 'EU', 'POST'));

/** Values near the rules of each member, so both accepted and rejected bodies are common. */
const configMember = fc.oneof(
  text,
  fc.webUrl(),
  fc.emailAddress(),
  fc.array(text, { maxLength: 3 }),
  fc.array(fc.record({ key: text, value: text }), { maxLength: 2 }),
  fc.constantFrom('GET', 'TRACE', 'WEBHOOK_GENERIC', 'WEBHOOK_DISCORD', 'US', 'APAC', 'P5', 'P6', null),
  anyJson,
);

const CONFIG_KEYS = ['address', 'url', 'channel', 'slackChannels', 'name', 'method', 'headers', 'queryParameters', 'template', 'webhookSecret', 'webhookType', 'number', 'serviceKey', 'account', 'serviceName', 'apiKey', 'region', 'priority'] as const;

const TOP_LEVEL = ['type', 'config', 'subscriptions', 'sendRecovery', 'sendFailure', 'sendDegraded', 'sslExpiry', 'sslExpiryThreshold', 'autoSubscribe'] as const;

function subscriptionArb(checkIds: string[]) {
  return fc.record(
    {
      checkId: fc.oneof(fc.constantFrom(...checkIds), fc.uuid(), text, fc.constant(null)),
      groupId: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.constant(null), text),
      activated: fc.oneof(fc.boolean(), anyJson),
    },
    { requiredKeys: [] },
  );
}

/** A valid body: any type with a valid config, some of the optional members, subscriptions to real checks. */
function validBodyArb(checkIds: string[]) {
  return fc
    .record(
      {
        type: fc.constantFrom(...CHANNEL_TYPES),
        subscriptions: fc.subarray(checkIds).chain((ids) => fc.tuple(...ids.map((checkId) => fc.boolean().map((activated) => ({ checkId, activated }))))),
        sendRecovery: fc.boolean(),
        sendFailure: fc.boolean(),
        sendDegraded: fc.boolean(),
        sslExpiry: fc.boolean(),
        sslExpiryThreshold: fc.integer({ min: 1, max: 30 }),
        autoSubscribe: fc.boolean(),
      },
      { requiredKeys: ['type'] },
    )
    .map((body) => ({ ...body, config: { ...MINIMAL_CONFIGS[body.type] } }) as Json);
}

const domain = fc.constantFrom('example.com', 'hooks.example.org', 'ops.example.net');
const httpUrl = fc.tuple(fc.constantFrom('http', 'https'), domain, fc.array(identifier, { maxLength: 3 })).map(([scheme, host, path]) => `${scheme}://${host}/${path.join('/')}`);
const phone = fc.stringMatching(/^\+?[1-9]\d{6,14}$/);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

/** A valid config of each type, optional members included at random. */
const VALID_CONFIGS: Record<(typeof CHANNEL_TYPES)[number], fc.Arbitrary<Json>> = {
  EMAIL: fc.record({ address: fc.tuple(identifier, domain).map(([user, host]) => `${user}@${host}`) }),
  SLACK: fc.record({ url: httpUrl, channel: optional(validText(1, 30)) }, { requiredKeys: ['url'] }),
  SLACK_APP: fc.record({ slackChannels: fc.array(validText(1, 20), { minLength: 1, maxLength: 3 }) }),
  WEBHOOK: fc.record(
    {
      name: validText(1, 40),
      url: httpUrl,
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'),
      headers: keyValues,
      queryParameters: keyValues,
      template: optional(validText(0, 100)),
      webhookSecret: optional(validText(1, 30)),
      webhookType: fc.constantFrom(...WEBHOOK_TYPES),
    },
    { requiredKeys: ['name', 'url'] },
  ),
  SMS: fc.record({ name: validText(1, 30), number: phone }),
  PAGERDUTY: fc.record({ serviceKey: validText(1, 40), account: optional(validText(1, 30)), serviceName: optional(validText(1, 30)) }, { requiredKeys: ['serviceKey'] }),
  OPSGENIE: fc.record({ name: validText(1, 30), apiKey: validText(1, 40), region: fc.constantFrom('EU', 'US'), priority: fc.constantFrom('P1', 'P2', 'P3', 'P4', 'P5') }),
  CALL: fc.record({ name: validText(1, 30), number: phone }),
};

/** A valid body of any type with a config of valid values. */
function fullyValidBodyArb(checkIds: string[]): fc.Arbitrary<Json> {
  return fc
    .tuple(validBodyArb(checkIds), fc.constantFrom(...CHANNEL_TYPES))
    .chain(([body, type]) => VALID_CONFIGS[type].map((config) => ({ ...body, type, config })));
}

type Mutation = (body: Json) => Json;

function mutationArb(checkIds: string[]): fc.Arbitrary<Mutation> {
  const topValue = fc.oneof(anyJson, fc.integer({ min: -1, max: 32 }), fc.array(subscriptionArb(checkIds), { maxLength: 3 }), text);
  return fc.oneof(
    fc.tuple(fc.constantFrom(...TOP_LEVEL), topValue).map(([key, value]): Mutation => (body) => ({ ...body, [key]: value })),
    fc.constantFrom(...TOP_LEVEL).map((key): Mutation => (body) => {
      const copy = { ...body };
      delete copy[key];
      return copy;
    }),
    fc.tuple(fc.constantFrom(...CONFIG_KEYS), configMember).map(([key, value]): Mutation => (body) => ({ ...body, config: { ...(body.config as Json), [key]: value } })),
    fc.constantFrom(...CONFIG_KEYS).map((key): Mutation => (body) => {
      const config = { ...(body.config as Json) };
      delete config[key];
      return { ...body, config };
    }),
  );
}

/** Mostly valid bodies with zero to two mutations, and now and then any JSON at all. */
function bodyArb(checkIds: string[]): fc.Arbitrary<unknown> {
  const mutated = fc.tuple(validBodyArb(checkIds), fc.array(mutationArb(checkIds), { maxLength: 2 })).map(([body, mutations]) => mutations.reduce((b, m) => m(b), body));
  return fc.oneof({ weight: 6, arbitrary: mutated as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: anyJson as fc.Arbitrary<unknown> });
}

function expectNoServerError(res: ApiResponse, accepted: number): void {
  expect([accepted, 400], res.text).toContain(res.status);
  if (res.status === 400) expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
}

describe('alert channel bodies: property tests', () => {
  let server: TestServer;
  let checkIds: string[];
  let channelId: number;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 100_000 } });
    checkIds = [];
    for (const name of ['one', 'two']) {
      const res = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name }));
      checkIds.push(res.body.id);
    }
    const channel = await server.api('POST', '/v1/alert-channels', { type: 'EMAIL', config: MINIMAL_CONFIGS.EMAIL, subscriptions: [{ checkId: checkIds[0], activated: true }] });
    channelId = channel.body.id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const read = async () => (await server.api('GET', `/v1/alert-channels/${channelId}`)).body;

  it('POST never answers anything but 201 or 400, and a 201 is what GET returns', async () => {
    await fc.assert(
      fc.asyncProperty(bodyArb(checkIds), async (body) => {
        const res = await server.api('POST', '/v1/alert-channels', body);
        expectNoServerError(res, 201);
        if (res.status === 201) {
          expect((await server.api('GET', `/v1/alert-channels/${res.body.id}`)).body).toEqual(res.body);
          expect((await server.api('DELETE', `/v1/alert-channels/${res.body.id}`)).status).toBe(204);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a valid body is created (201), reads back as answered, and a GET→PUT of it unchanged is accepted and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fullyValidBodyArb(checkIds), async (body) => {
        const res = await server.api('POST', '/v1/alert-channels', body);
        expect(res.status, res.text).toBe(201);
        const path = `/v1/alert-channels/${res.body.id}`;
        expect((await server.api('GET', path)).body).toEqual(res.body);
        await expectUnchangedRoundTrip(server, path, path);
        expect((await server.api('DELETE', path)).status).toBe(204);
      }),
      { numRuns: 60 },
    );
  });

  it('PUT never answers 500, and a rejected PUT leaves the stored channel as it was', async () => {
    await fc.assert(
      fc.asyncProperty(bodyArb(checkIds), async (body) => {
        const before = await read();
        const res = await server.api('PUT', `/v1/alert-channels/${channelId}`, body);
        expectNoServerError(res, 200);
        if (res.status === 400) expect(await read()).toEqual(before);
        else expect(await read()).toEqual(res.body);
      }),
      { numRuns: RUNS },
    );
  });

  it('PUT /subscriptions never answers 500, and a rejected one changes nothing', async () => {
    const body = fc.oneof(fc.record({ checkId: fc.constantFrom(...checkIds), activated: fc.boolean() }), subscriptionArb(checkIds), anyJson);
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const before = await read();
        const res = await server.api('PUT', `/v1/alert-channels/${channelId}/subscriptions`, input);
        expectNoServerError(res, 200);
        if (res.status === 400) expect(await read()).toEqual(before);
        else expect((await read()).subscriptions).toContainEqual(res.body);
      }),
      { numRuns: RUNS },
    );
  });
});
