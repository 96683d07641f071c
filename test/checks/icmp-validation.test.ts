import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS, RUNTIME_IDS } from '../../src-shared/enums';
import { createEmailChannel, icmpBody, startServer, type TestServer } from '../helpers/server';

type Body = Record<string, unknown>;

const request = (extra: Body) => ({ request: { hostname: '127.0.0.1', ...extra } });
const assertion = (extra: Body) => request({ assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', target: '100', ...extra }] });
const alertSettings = (extra: Body) => ({ alertSettings: { escalationType: 'RUN_BASED', ...extra } });
const retry = (extra: Body) => ({ retryStrategy: { type: 'FIXED', ...extra } });
const incident: Body = { serviceId: randomUUID(), severity: 'MAJOR', name: 'Ping down', description: 'Loopback stopped answering', notifySubscribers: true };
const withoutMember = (obj: Body, member: string) => Object.fromEntries(Object.entries(obj).filter(([k]) => k !== member));
const strings = (n: number, len: number) => Array.from({ length: n }, (_, i) => String(i).padEnd(len, 'x'));
const envVars = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `VAR_${i}`, value: 'v' }));

/** A complete body, sent as is rather than merged over a valid one. */
const whole = (body: Body) => () => body;

/** [what is wrong, members merged over a valid body (or a whole body), the field path the message must name] */
const REJECTED: [string, Body | (() => Body), string][] = [
  // name
  ['name missing', whole({ request: { hostname: '127.0.0.1' } }), 'name'],
  ['name empty', { name: '' }, 'name'],
  ['name not a string', { name: 42 }, 'name'],
  ['name null', { name: null }, 'name'],
  // request
  ['request missing', whole({ name: 'no request' }), 'request'],
  ['request null', { request: null }, 'request'],
  ['request a string', { request: '127.0.0.1' }, 'request'],
  ['hostname missing', { request: { pingCount: 3 } }, 'request.hostname'],
  ['hostname empty', request({ hostname: '' }), 'request.hostname'],
  ['hostname too long (2049)', request({ hostname: 'a'.repeat(2049) }), 'request.hostname'],
  ['hostname with a space', request({ hostname: 'local host' }), 'request.hostname'],
  ['hostname with a tab', request({ hostname: 'localhost\t' }), 'request.hostname'],
  ['hostname with a newline', request({ hostname: 'localhost\n-c 1' }), 'request.hostname'],
  ['hostname with NUL', request({ hostname: 'local\u0000host' }), 'request.hostname'],
  ['hostname with DEL', request({ hostname: 'local\u007fhost' }), 'request.hostname'],
  ['hostname starting with "-"', request({ hostname: '-c1000' }), 'request.hostname'],
  ['hostname a number', request({ hostname: 127 }), 'request.hostname'],
  ['ipFamily unknown', request({ ipFamily: 'IPv5' }), 'request.ipFamily'],
  ['ipFamily lower case', request({ ipFamily: 'ipv6' }), 'request.ipFamily'],
  ['pingCount 0', request({ pingCount: 0 }), 'request.pingCount'],
  ['pingCount 51', request({ pingCount: 51 }), 'request.pingCount'],
  ['pingCount negative', request({ pingCount: -3 }), 'request.pingCount'],
  ['pingCount fractional', request({ pingCount: 2.5 }), 'request.pingCount'],
  ['pingCount a string', request({ pingCount: '10' }), 'request.pingCount'],
  ['assertions not an array', request({ assertions: { source: 'LATENCY' } }), 'request.assertions'],
  ['assertion without source', request({ assertions: [{ comparison: 'EQUALS' }] }), 'request.assertions[0].source'],
  ['assertion source unknown', assertion({ source: 'STATUS_CODE' }), 'request.assertions[0].source'],
  ['assertion without comparison', request({ assertions: [{ source: 'LATENCY' }] }), 'request.assertions[0].comparison'],
  ['assertion comparison unknown', assertion({ comparison: 'MATCHES' }), 'request.assertions[0].comparison'],
  ['assertion property not a string', assertion({ property: 5 }), 'request.assertions[0].property'],
  ['assertion target not a string', assertion({ target: 100 }), 'request.assertions[0].target'],
  ['assertion regex not a string', assertion({ regex: 1 }), 'request.assertions[0].regex'],
  ['second assertion bad', request({ assertions: [{ source: 'LATENCY', comparison: 'EQUALS' }, { source: 'NOPE', comparison: 'EQUALS' }] }), 'request.assertions[1].source'],
  // thresholds
  ['degradedPacketLossThreshold 0', { degradedPacketLossThreshold: 0 }, 'degradedPacketLossThreshold'],
  ['degradedPacketLossThreshold 101', { degradedPacketLossThreshold: 101 }, 'degradedPacketLossThreshold'],
  ['degradedPacketLossThreshold negative', { degradedPacketLossThreshold: -5 }, 'degradedPacketLossThreshold'],
  ['degradedPacketLossThreshold a string', { degradedPacketLossThreshold: '10' }, 'degradedPacketLossThreshold'],
  ['maxPacketLossThreshold 0', { maxPacketLossThreshold: 0 }, 'maxPacketLossThreshold'],
  ['maxPacketLossThreshold 100.5', { maxPacketLossThreshold: 100.5 }, 'maxPacketLossThreshold'],
  ['degradedResponseTime negative', { degradedResponseTime: -1 }, 'degradedResponseTime'],
  ['degradedResponseTime 300001', { degradedResponseTime: 300001 }, 'degradedResponseTime'],
  ['maxResponseTime negative', { maxResponseTime: -0.5 }, 'maxResponseTime'],
  ['maxResponseTime 300001', { maxResponseTime: 300001 }, 'maxResponseTime'],
  ['maxResponseTime a string', { maxResponseTime: 'fast' }, 'maxResponseTime'],
  // frequency and offset
  ['frequency not in the list (3)', { frequency: 3 }, 'frequency'],
  ['frequency 1441', { frequency: 1441 }, 'frequency'],
  ['frequency a string', { frequency: '10' }, 'frequency'],
  ['frequencyOffset 0', { frequencyOffset: 0 }, 'frequencyOffset'],
  ['frequencyOffset fractional', { frequencyOffset: 1.5 }, 'frequencyOffset'],
  ['frequencyOffset a string', { frequencyOffset: '5' }, 'frequencyOffset'],
  ['frequency 0 with offset 15', { frequency: 0, frequencyOffset: 15 }, 'frequencyOffset'],
  ['frequency 0 with offset 5', { frequency: 0, frequencyOffset: 5 }, 'frequencyOffset'],
  ['frequency 0 with offset 40', { frequency: 0, frequencyOffset: 40 }, 'frequencyOffset'],
  ['frequency 1 with offset 11', { frequency: 1, frequencyOffset: 11 }, 'frequencyOffset'],
  ['frequency 10 with offset 101', { frequency: 10, frequencyOffset: 101 }, 'frequencyOffset'],
  ['frequency 60 with offset 601', { frequency: 60, frequencyOffset: 601 }, 'frequencyOffset'],
  ['frequency 120 with offset 3', { frequency: 120, frequencyOffset: 3 }, 'frequencyOffset'],
  ['frequency 180 with offset 4', { frequency: 180, frequencyOffset: 4 }, 'frequencyOffset'],
  ['frequency 1440 with offset 25', { frequency: 1440, frequencyOffset: 25 }, 'frequencyOffset'],
  ['default frequency (10) with offset 101', { frequencyOffset: 101 }, 'frequencyOffset'],
  // locations, tags, runtime
  ['unknown location', { locations: ['us-east-1', 'mars-north-1'] }, 'locations[1]'],
  ['locations a string', { locations: 'us-east-1' }, 'locations'],
  ['private location empty', { privateLocations: [''] }, 'privateLocations[0]'],
  ['private location not a string', { privateLocations: [7] }, 'privateLocations[0]'],
  ['tag empty', { tags: ['ok', ''] }, 'tags[1]'],
  ['tag not a string', { tags: [1] }, 'tags[0]'],
  ['tags a string', { tags: 'prod' }, 'tags'],
  ['tags null', { tags: null }, 'tags'],
  ['runtimeId unknown', { runtimeId: '2021.01' }, 'runtimeId'],
  // alertSettings
  ['escalationType unknown', alertSettings({ escalationType: 'SOMETIMES' }), 'alertSettings.escalationType'],
  ['failedRunThreshold 0', alertSettings({ runBasedEscalation: { failedRunThreshold: 0 } }), 'alertSettings.runBasedEscalation.failedRunThreshold'],
  ['failedRunThreshold 6', alertSettings({ runBasedEscalation: { failedRunThreshold: 6 } }), 'alertSettings.runBasedEscalation.failedRunThreshold'],
  ['minutesFailingThreshold 20', alertSettings({ timeBasedEscalation: { minutesFailingThreshold: 20 } }), 'alertSettings.timeBasedEscalation.minutesFailingThreshold'],
  ['minutesFailingThreshold 1', alertSettings({ timeBasedEscalation: { minutesFailingThreshold: 1 } }), 'alertSettings.timeBasedEscalation.minutesFailingThreshold'],
  ['reminders.amount 6', alertSettings({ reminders: { amount: 6 } }), 'alertSettings.reminders.amount'],
  ['reminders.amount 1000', alertSettings({ reminders: { amount: 1000 } }), 'alertSettings.reminders.amount'],
  ['reminders.interval 7', alertSettings({ reminders: { interval: 7 } }), 'alertSettings.reminders.interval'],
  ['reminders.interval 60', alertSettings({ reminders: { interval: 60 } }), 'alertSettings.reminders.interval'],
  ['parallel percentage 15', alertSettings({ parallelRunFailureThreshold: { enabled: true, percentage: 15 } }), 'alertSettings.parallelRunFailureThreshold.percentage'],
  ['parallel percentage 0', alertSettings({ parallelRunFailureThreshold: { percentage: 0 } }), 'alertSettings.parallelRunFailureThreshold.percentage'],
  ['parallel percentage 110', alertSettings({ parallelRunFailureThreshold: { percentage: 110 } }), 'alertSettings.parallelRunFailureThreshold.percentage'],
  ['parallel enabled a string', alertSettings({ parallelRunFailureThreshold: { enabled: 'yes' } }), 'alertSettings.parallelRunFailureThreshold.enabled'],
  ['sslCertificates threshold fractional', alertSettings({ sslCertificates: { enabled: true, alertThreshold: 1.5 } }), 'alertSettings.sslCertificates.alertThreshold'],
  ['alertSettings null without global settings', { useGlobalAlertSettings: false, alertSettings: null }, 'alertSettings'],
  ['alertSettings a string', { alertSettings: 'default' }, 'alertSettings'],
  // retryStrategy
  ['retryStrategy without type', { retryStrategy: { maxRetries: 2 } }, 'retryStrategy.type'],
  ['retryStrategy type unknown', retry({ type: 'RANDOM' }), 'retryStrategy.type'],
  ['retry maxRetries 0', retry({ maxRetries: 0 }), 'retryStrategy.maxRetries'],
  ['retry maxRetries 11', retry({ maxRetries: 11 }), 'retryStrategy.maxRetries'],
  ['retry maxRetries fractional', retry({ maxRetries: 1.5 }), 'retryStrategy.maxRetries'],
  ['retry maxDurationSeconds negative', retry({ maxDurationSeconds: -1 }), 'retryStrategy.maxDurationSeconds'],
  ['retry maxDurationSeconds 601', retry({ maxDurationSeconds: 601 }), 'retryStrategy.maxDurationSeconds'],
  ['retry onlyOn unknown', retry({ onlyOn: ['TIMEOUT'] }), 'retryStrategy.onlyOn[0]'],
  ['retry baseBackoffSeconds negative', retry({ baseBackoffSeconds: -10 }), 'retryStrategy.baseBackoffSeconds'],
  ['retry sameRegion a string', retry({ sameRegion: 'true' }), 'retryStrategy.sameRegion'],
  // triggerIncident: all five members required
  ...(['serviceId', 'severity', 'name', 'description', 'notifySubscribers'].map(
    (member): [string, Body, string] => [`triggerIncident without ${member}`, { triggerIncident: withoutMember(incident, member) }, `triggerIncident.${member}`],
  )),
  ['triggerIncident serviceId not a uuid', { triggerIncident: { ...incident, serviceId: 'service-1' } }, 'triggerIncident.serviceId'],
  ['triggerIncident severity unknown', { triggerIncident: { ...incident, severity: 'LOW' } }, 'triggerIncident.severity'],
  ['triggerIncident notifySubscribers a string', { triggerIncident: { ...incident, notifySubscribers: 'true' } }, 'triggerIncident.notifySubscribers'],
  // alertChannelSubscriptions
  ['subscription without activated', { alertChannelSubscriptions: [{ alertChannelId: 1 }] }, 'alertChannelSubscriptions[0].activated'],
  ['subscription without alertChannelId', { alertChannelSubscriptions: [{ activated: true }] }, 'alertChannelSubscriptions[0].alertChannelId'],
  ['subscription alertChannelId a string', { alertChannelSubscriptions: [{ alertChannelId: 'one', activated: true }] }, 'alertChannelSubscriptions[0].alertChannelId'],
  // group
  ['groupOrder negative', { groupOrder: -1 }, 'groupOrder'],
  ['groupId 0', { groupId: 0 }, 'groupId'],
  ['groupId a string', { groupId: 'abc' }, 'groupId'],
  ['groupId naming no group', { groupId: 4242 }, 'groupId'],
  // description and intent
  ['description 511 characters', { description: 'd'.repeat(511) }, 'description'],
  ['description a number', { description: 1 }, 'description'],
  ['intent without goal', { intent: { requiredOutcomes: ['reply'] } }, 'intent.goal'],
  ['intent goal empty', { intent: { goal: '' } }, 'intent.goal'],
  ['intent goal 2001 characters', { intent: { goal: 'g'.repeat(2001) } }, 'intent.goal'],
  ['intent 21 requiredOutcomes', { intent: { goal: 'g', requiredOutcomes: strings(21, 5) } }, 'intent.requiredOutcomes'],
  ['intent requiredOutcome empty', { intent: { goal: 'g', requiredOutcomes: [''] } }, 'intent.requiredOutcomes[0]'],
  ['intent requiredOutcome 1001 characters', { intent: { goal: 'g', requiredOutcomes: ['o'.repeat(1001)] } }, 'intent.requiredOutcomes[0]'],
  ['intent 21 mustPreserve', { intent: { goal: 'g', mustPreserve: strings(21, 5) } }, 'intent.mustPreserve'],
  ['intent mustPreserve empty', { intent: { goal: 'g', mustPreserve: ['keep', ''] } }, 'intent.mustPreserve[1]'],
  ['intent mustPreserve 1001 characters', { intent: { goal: 'g', mustPreserve: ['m'.repeat(1001)] } }, 'intent.mustPreserve[0]'],
  ['intent with another member', { intent: { goal: 'g', owner: 'ops' } }, 'intent'],
  // environment variables
  ['201 environment variables', { environmentVariables: envVars(201) }, 'environmentVariables'],
  ['environment variable key empty', { environmentVariables: [{ key: '', value: 'v' }] }, 'environmentVariables[0].key'],
  ['environment variable without key', { environmentVariables: [{ value: 'v' }] }, 'environmentVariables[0].key'],
  ['environment variable without value', { environmentVariables: [{ key: 'TOKEN' }] }, 'environmentVariables[0].value'],
  ['environment variable secret a string', { environmentVariables: [{ key: 'TOKEN', value: 'v', secret: 'yes' }] }, 'environmentVariables[0].secret'],
  // wrong types of the plain members
  ['activated a string', { activated: 'true' }, 'activated'],
  ['muted a number', { muted: 1 }, 'muted'],
  ['doubleCheck a string', { doubleCheck: 'yes' }, 'doubleCheck'],
  ['shouldFail null', { shouldFail: null }, 'shouldFail'],
  ['runParallel a string', { runParallel: 'false' }, 'runParallel'],
  ['useGlobalAlertSettings a string', { useGlobalAlertSettings: 'true' }, 'useGlobalAlertSettings'],
  ['aiAutoRepairEnabled a string', { aiAutoRepairEnabled: 'no' }, 'aiAutoRepairEnabled'],
  ['checkType another type', { checkType: 'TCP' }, 'checkType'],
  ['scriptPath empty', { scriptPath: '' }, 'scriptPath'],
  ['heartbeat an array', { heartbeat: [1] }, 'heartbeat'],
  ['setupSnippetId fractional', { setupSnippetId: 1.5 }, 'setupSnippetId'],
  ['tearDownSnippetId a string', { tearDownSnippetId: '3' }, 'tearDownSnippetId'],
];

/** Boundary values that must be accepted, with what the created monitor must echo. */
const ACCEPTED: [string, Body, Body][] = [
  ['pingCount 1', request({ pingCount: 1 }), { request: expect.objectContaining({ pingCount: 1 }) }],
  ['pingCount 50', request({ pingCount: 50 }), { request: expect.objectContaining({ pingCount: 50 }) }],
  ['pingCount null', request({ pingCount: null }), { request: expect.objectContaining({ pingCount: null }) }],
  ['hostname of 2048 characters', request({ hostname: 'h'.repeat(2048) }), { request: expect.objectContaining({ hostname: 'h'.repeat(2048) }) }],
  ['an IPv6 literal with IPv6', request({ hostname: '::1', ipFamily: 'IPv6' }), { request: expect.objectContaining({ hostname: '::1', ipFamily: 'IPv6' }) }],
  ['ipFamily null', request({ ipFamily: null }), { request: expect.objectContaining({ ipFamily: null }) }],
  ['a hostname with an inner "-"', request({ hostname: 'my-host.example' }), { request: expect.objectContaining({ hostname: 'my-host.example' }) }],
  [
    'assertions with defaults filled',
    request({ assertions: [{ source: 'JSON_RESPONSE', comparison: 'NOT_NULL' }] }),
    { request: expect.objectContaining({ assertions: [{ source: 'JSON_RESPONSE', comparison: 'NOT_NULL', property: '', target: '', regex: '' }] }) },
  ],
  ['assertion regex null', assertion({ regex: null }), { request: expect.objectContaining({ assertions: [expect.objectContaining({ regex: null })] }) }],
  ['packet loss 100 and 0.1', { degradedPacketLossThreshold: 0.1, maxPacketLossThreshold: 100 }, { degradedPacketLossThreshold: 0.1, maxPacketLossThreshold: 100 }],
  ['packet loss null', { degradedPacketLossThreshold: null, maxPacketLossThreshold: null }, { degradedPacketLossThreshold: null, maxPacketLossThreshold: null }],
  ['response times 0 and 300000', { degradedResponseTime: 0, maxResponseTime: 300000 }, { degradedResponseTime: 0, maxResponseTime: 300000 }],
  ['frequency 0 with offset 20', { frequency: 0, frequencyOffset: 20 }, { frequency: 0, frequencyOffset: 20 }],
  ['frequency 0 with offset 30', { frequency: 0, frequencyOffset: 30 }, { frequency: 0, frequencyOffset: 30 }],
  ['frequency 0 without offset runs every 10 s', { frequency: 0 }, { frequency: 0, frequencyOffset: 10 }],
  ['frequency 1 with offset 10', { frequency: 1, frequencyOffset: 10 }, { frequency: 1, frequencyOffset: 10 }],
  ['frequency 10 with offset 100', { frequency: 10, frequencyOffset: 100 }, { frequency: 10, frequencyOffset: 100 }],
  ['frequency 60 with offset 600', { frequency: 60, frequencyOffset: 600 }, { frequency: 60, frequencyOffset: 600 }],
  ['frequency 120 with offset 2', { frequency: 120, frequencyOffset: 2 }, { frequency: 120, frequencyOffset: 2 }],
  ['frequency 180 with offset 3', { frequency: 180, frequencyOffset: 3 }, { frequency: 180, frequencyOffset: 3 }],
  ['frequency 1440 with offset 24', { frequency: 1440, frequencyOffset: 24 }, { frequency: 1440, frequencyOffset: 24 }],
  // Accepted as "none"; reads show a legal offset, never null (public schema: integer ≥ 1).
  ['frequencyOffset null', { frequencyOffset: null }, { frequency: 10, frequencyOffset: expect.any(Number) }],
  ['every location', { locations: [...LOCATIONS] }, { locations: [...LOCATIONS] }],
  ['locations null', { locations: null, privateLocations: null }, { locations: null, privateLocations: null }],
  ['alertSettings null with global settings', { useGlobalAlertSettings: true, alertSettings: null }, { useGlobalAlertSettings: true, alertSettings: null }],
  [
    'time-based alert settings with reminders',
    alertSettings({ escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 30 }, reminders: { amount: 100000 } }),
    { alertSettings: { escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 30 }, reminders: { amount: 100000, interval: 5 } } },
  ],
  [
    'retryStrategy with defaults filled',
    retry({ type: 'EXPONENTIAL', maxRetries: 10, maxDurationSeconds: 600, onlyOn: ['NETWORK_ERROR'] }),
    { retryStrategy: { type: 'EXPONENTIAL', baseBackoffSeconds: 60, sameRegion: true, maxRetries: 10, maxDurationSeconds: 600, onlyOn: ['NETWORK_ERROR'] } },
  ],
  ['a complete triggerIncident', { triggerIncident: incident }, { triggerIncident: incident }],
  ['groupOrder 0', { groupOrder: 0 }, { groupOrder: 0 }],
  ['description of 510 characters', { description: 'd'.repeat(510) }, { description: 'd'.repeat(510) }],
  [
    'intent at its limits',
    { intent: { goal: 'g'.repeat(2000), requiredOutcomes: strings(20, 1000), mustPreserve: strings(20, 1000) } },
    { intent: { goal: 'g'.repeat(2000), requiredOutcomes: strings(20, 1000), mustPreserve: strings(20, 1000) } },
  ],
  ['intent with only a goal', { intent: { goal: 'Loopback answers' } }, { intent: { goal: 'Loopback answers', requiredOutcomes: [], mustPreserve: [] } }],
  ['200 environment variables', { environmentVariables: envVars(200) }, { environmentVariables: envVars(200).map((v) => ({ ...v, locked: false, secret: false })) }],
  ['environment variable value null', { environmentVariables: [{ key: 'EMPTY', value: null }] }, { environmentVariables: [{ key: 'EMPTY', value: null, locked: false, secret: false }] }],
  ['a subscription with both members', { alertChannelSubscriptions: [{ alertChannelId: 1, activated: false }] }, { alertChannelSubscriptions: [{ alertChannelId: 1, activated: false }] }],
  ...RUNTIME_IDS.map((runtimeId): [string, Body, Body] => [`runtimeId ${runtimeId}`, { runtimeId }, { runtimeId }]),
];

describe('POST /v1/checks/icmp validation', () => {
  let server: TestServer;

  beforeAll(async () => {
    // This file sends a few hundred requests with one key; the per-key limit is covered in auth.test.ts.
    server = await startServer({ config: { rateLimitPerMinute: 100_000 } });
    // The one alert channel (id 1) that accepted bodies may subscribe to.
    await createEmailChannel(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(REJECTED)('rejects %s with 400 naming the field', async (_label, members, field) => {
    const body = typeof members === 'function' ? members() : icmpBody(members);
    const res = await server.api('POST', '/v1/checks/icmp', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.message).toContain(`${field}: `);
  });

  it('stored none of the rejected bodies', async () => {
    const res = await server.api('GET', '/v1/checks');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get('content-range')).toMatch(/\/0$/);
  });

  it('names every bad field of a body, separated by "; "', async () => {
    const res = await server.api('POST', '/v1/checks/icmp', { name: '', request: { hostname: '127.0.0.1', pingCount: 99 }, tags: [''] });
    expect(res.status).toBe(400);
    const parts = res.body.message.split('; ');
    expect(parts.map((p: string) => p.split(':')[0]).sort()).toEqual(['name', 'request.pingCount', 'tags[0]']);
  });

  it('uses zod’s wording after the path', async () => {
    const res = await server.api('POST', '/v1/checks/icmp', icmpBody({ request: { hostname: '127.0.0.1', pingCount: 51 } }));
    expect(res.body.message).toBe('request.pingCount: must be 50 or less');
    const hostname = await server.api('POST', '/v1/checks/icmp', icmpBody({ request: { hostname: '-f' } }));
    expect(hostname.body.message).toBe('request.hostname: must not start with "-"');
    const spaces = await server.api('POST', '/v1/checks/icmp', icmpBody({ request: { hostname: 'a b' } }));
    expect(spaces.body.message).toBe('request.hostname: must not contain spaces or control characters');
    const offset = await server.api('POST', '/v1/checks/icmp', icmpBody({ frequency: 0, frequencyOffset: 15 }));
    expect(offset.body.message).toBe('frequencyOffset: with frequency 0 must be one of 10, 20, 30 (seconds)');
    const group = await server.api('POST', '/v1/checks/icmp', icmpBody({ groupId: 7 }));
    expect(group.body.message).toMatch(/^groupId: .*7/);
  });

  it.each<[string, string, RegExp]>([
    ['malformed JSON', '{"name": "x", ', /^Body is not valid JSON/],
    ['a bare word', 'ping', /^Body is not valid JSON/],
    ['an empty body', '', /./],
    ['a JSON array', '[]', /^the request body must be a JSON object$/],
    ['JSON null', 'null', /^the request body must be a JSON object$/],
    ['a JSON string', '"ping 127.0.0.1"', /^the request body must be a JSON object$/],
  ])('rejects %s with 400', async (_label, raw, message) => {
    const res = await fetch(`${server.url}/v1/checks/icmp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
      body: raw,
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.message).toMatch(message);
  });

  it.each(ACCEPTED)('accepts %s', async (_label, members, echoed) => {
    const res = await server.api('POST', '/v1/checks/icmp', icmpBody(members));
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject(echoed);
    const stored = await server.api('GET', `/v1/checks/${res.body.id}`);
    expect(stored.body).toMatchObject(echoed);
  });

  it('accepts every pingCount in 1..50 and rejects integers outside it (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ max: 0 }), fc.integer({ min: 51 })), async (pingCount) => {
        const res = await server.api('POST', '/v1/checks/icmp', icmpBody({ request: { hostname: '127.0.0.1', pingCount } }));
        if (pingCount >= 1 && pingCount <= 50) {
          expect(res.status).toBe(201);
          expect(res.body.request.pingCount).toBe(pingCount);
        } else {
          expect(res.status).toBe(400);
          expect(res.body.message).toContain('request.pingCount: ');
        }
      }),
      { numRuns: 60 },
    );
  });

  it('rejects any non-integer pingCount (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.double({ min: 0, max: 60, noNaN: true }).filter((n) => !Number.isInteger(n)), async (pingCount) => {
        const res = await server.api('POST', '/v1/checks/icmp', icmpBody({ request: { hostname: '127.0.0.1', pingCount } }));
        expect(res.status).toBe(400);
        expect(res.body.message).toContain('request.pingCount: ');
      }),
      { numRuns: 30 },
    );
  });

  it('rejects a hostname holding any space or control character, wherever it is (property)', async () => {
    const control = fc.oneof(fc.integer({ min: 0, max: 0x20 }), fc.constant(0x7f)).map((c) => String.fromCharCode(c));
    const safe = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789.-:'), minLength: 1, maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(safe, control, safe, async (before, bad, after) => {
        const hostname = `h${before}${bad}${after}`;
        const res = await server.api('POST', '/v1/checks/icmp', icmpBody({ request: { hostname } }));
        expect(res.status).toBe(400);
        expect(res.body.message).toContain('request.hostname: ');
      }),
      { numRuns: 40 },
    );
  });
});
