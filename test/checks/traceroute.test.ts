import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { COMMON_DEFAULTS, NOT_FOUND, READ_ONLY } from '../helpers/shapes';
import { createOk, envVars, planLimitCase, rejectedPutCases, validationCases, type Accepted, type Body, type Rejected } from './harness';

const PATH = '/v1/checks/traceroute';

const valid = (members: Body = {}): Body => ({ name: 'Path to loopback', request: { url: '127.0.0.1' }, ...members });
const request = (extra: Body) => ({ request: { url: '127.0.0.1', ...extra } });
const assertion = (extra: Body) => request({ assertions: [{ source: 'HOP_COUNT', comparison: 'LESS_THAN', target: '10', ...extra }] });

const DEFAULTS = {
  checkType: 'TRACEROUTE',
  ...COMMON_DEFAULTS,
  heartbeat: null,
  script: null,
  scriptPath: null,
  sslCheckDomain: null,
  request: { url: '127.0.0.1', protocol: 'TCP', ipFamily: 'IPv4', maxHops: 30, ptrLookup: true, timeout: 10, assertions: [] },
  degradedResponseTime: 10000,
  maxResponseTime: 20000,
};

const REJECTED: Rejected[] = [
  ['name missing', () => ({ request: { url: '127.0.0.1' } }), 'name'],
  ['name empty', { name: '' }, 'name'],
  ['request missing', () => ({ name: 'no request' }), 'request'],
  ['request null', { request: null }, 'request'],
  ['url missing', { request: { maxHops: 3 } }, 'request.url'],
  ['url empty', request({ url: '' }), 'request.url'],
  ['url of 2049 characters', request({ url: 'u'.repeat(2049) }), 'request.url'],
  ['url with NUL', request({ url: 'local\u0000host' }), 'request.url'],
  ['url with a newline', request({ url: 'localhost\n' }), 'request.url'],
  ['url with 0x1f', request({ url: 'a\u001fb' }), 'request.url'],
  ['url with DEL', request({ url: 'a\u007fb' }), 'request.url'],
  ['url a number', request({ url: 127 }), 'request.url'],
  ['protocol unknown', request({ protocol: 'HTTP' }), 'request.protocol'],
  ['protocol lower case', request({ protocol: 'tcp' }), 'request.protocol'],
  ['port 0', request({ port: 0 }), 'request.port'],
  ['port 65536', request({ port: 65536 }), 'request.port'],
  ['port fractional', request({ port: 80.5 }), 'request.port'],
  ['port a string', request({ port: '80' }), 'request.port'],
  ['ipFamily unknown', request({ ipFamily: 'IPv5' }), 'request.ipFamily'],
  ['maxHops 0', request({ maxHops: 0 }), 'request.maxHops'],
  ['maxHops 65', request({ maxHops: 65 }), 'request.maxHops'],
  ['maxHops fractional', request({ maxHops: 2.5 }), 'request.maxHops'],
  ['maxUnknownHops 0', request({ maxUnknownHops: 0 }), 'request.maxUnknownHops'],
  ['maxUnknownHops 31', request({ maxUnknownHops: 31 }), 'request.maxUnknownHops'],
  ['ptrLookup a string', request({ ptrLookup: 'yes' }), 'request.ptrLookup'],
  ['timeout 0', request({ timeout: 0 }), 'request.timeout'],
  ['timeout 31', request({ timeout: 31 }), 'request.timeout'],
  ['timeout fractional', request({ timeout: 1.5 }), 'request.timeout'],
  ['assertions not an array', request({ assertions: {} }), 'request.assertions'],
  ['assertion source LATENCY', assertion({ source: 'LATENCY' }), 'request.assertions[0].source'],
  ['assertion without source', request({ assertions: [{ comparison: 'EQUALS' }] }), 'request.assertions[0].source'],
  ['assertion comparison CONTAINS', assertion({ comparison: 'CONTAINS' }), 'request.assertions[0].comparison'],
  ['assertion without comparison', request({ assertions: [{ source: 'HOP_COUNT' }] }), 'request.assertions[0].comparison'],
  ['assertion target a number', assertion({ target: 5 }), 'request.assertions[0].target'],
  ['assertion regex a number', assertion({ regex: 5 }), 'request.assertions[0].regex'],
  ['degradedResponseTime negative', { degradedResponseTime: -1 }, 'degradedResponseTime'],
  ['degradedResponseTime 30001', { degradedResponseTime: 30001 }, 'degradedResponseTime'],
  ['maxResponseTime negative', { maxResponseTime: -0.1 }, 'maxResponseTime'],
  ['maxResponseTime 30001', { maxResponseTime: 30001 }, 'maxResponseTime'],
  ['frequency 3', { frequency: 3 }, 'frequency'],
  ['frequency 1441', { frequency: 1441 }, 'frequency'],
  ['frequency 0 with offset 15', { frequency: 0, frequencyOffset: 15 }, 'frequencyOffset'],
  ['frequencyOffset 0', { frequencyOffset: 0 }, 'frequencyOffset'],
  ['description of 511 characters', { description: 'd'.repeat(511) }, 'description'],
  ['201 environment variables', { environmentVariables: envVars(201) }, 'environmentVariables'],
  ['checkType ICMP', { checkType: 'ICMP' }, 'checkType'],
  ['unknown location', { locations: ['mars-1'] }, 'locations[0]'],
  ['tag empty', { tags: [''] }, 'tags[0]'],
  ['runtimeId unknown', { runtimeId: '2020.01' }, 'runtimeId'],
  ['retry maxRetries 11', { retryStrategy: { type: 'FIXED', maxRetries: 11 } }, 'retryStrategy.maxRetries'],
  ['triggerIncident without name', { triggerIncident: { serviceId: randomUUID(), severity: 'MINOR', description: 'd', notifySubscribers: false } }, 'triggerIncident.name'],
  ['intent with another member', { intent: { goal: 'g', extra: 1 } }, 'intent'],
  ['groupOrder negative', { groupOrder: -1 }, 'groupOrder'],
  ['groupId naming no group', { groupId: 99 }, 'groupId'],
  ['alertSettings null without global settings', { useGlobalAlertSettings: false, alertSettings: null }, 'alertSettings'],
];

const ACCEPTED: Accepted[] = [
  ['url of 2048 characters', request({ url: 'u'.repeat(2048) }), { request: expect.objectContaining({ url: 'u'.repeat(2048) }) }],
  ['url of 1 character', request({ url: 'a' }), { request: expect.objectContaining({ url: 'a' }) }],
  ['url with a space (not a control character)', request({ url: 'a b' }), { request: expect.objectContaining({ url: 'a b' }) }],
  ['protocol null', request({ protocol: null }), { request: expect.objectContaining({ protocol: null }) }],
  ...['TCP', 'ICMP', 'UDP', 'SCTP'].map((protocol): Accepted => [`protocol ${protocol}`, request({ protocol }), { request: expect.objectContaining({ protocol }) }]),
  ['port 1 and maxHops 1', request({ port: 1, maxHops: 1 }), { request: expect.objectContaining({ port: 1, maxHops: 1 }) }],
  ['port 65535 and maxHops 64', request({ port: 65535, maxHops: 64 }), { request: expect.objectContaining({ port: 65535, maxHops: 64 }) }],
  ['port null', request({ port: null }), { request: expect.objectContaining({ port: null }) }],
  ['maxUnknownHops 1', request({ maxUnknownHops: 1 }), { request: expect.objectContaining({ maxUnknownHops: 1 }) }],
  ['maxUnknownHops 30', request({ maxUnknownHops: 30 }), { request: expect.objectContaining({ maxUnknownHops: 30 }) }],
  ['timeout 1', request({ timeout: 1 }), { request: expect.objectContaining({ timeout: 1 }) }],
  ['timeout 30', request({ timeout: 30 }), { request: expect.objectContaining({ timeout: 30 }) }],
  ['ipFamily IPv6 and ptrLookup false', request({ ipFamily: 'IPv6', ptrLookup: false }), { request: expect.objectContaining({ ipFamily: 'IPv6', ptrLookup: false }) }],
  [
    'an assertion with defaults filled',
    request({ assertions: [{ source: 'PACKET_LOSS', comparison: 'NOT_EQUALS' }] }),
    { request: expect.objectContaining({ assertions: [{ source: 'PACKET_LOSS', comparison: 'NOT_EQUALS', property: '', target: '', regex: '' }] }) },
  ],
  ['assertion regex null', assertion({ regex: null }), { request: expect.objectContaining({ assertions: [expect.objectContaining({ regex: null })] }) }],
  ['response times 0 and 30000', { degradedResponseTime: 0, maxResponseTime: 30000 }, { degradedResponseTime: 0, maxResponseTime: 30000 }],
  ['response times null', { degradedResponseTime: null, maxResponseTime: null }, { degradedResponseTime: null, maxResponseTime: null }],
  ['frequency 0 without offset', { frequency: 0 }, { frequency: 0, frequencyOffset: 10 }],
  ['frequency 1440', { frequency: 1440 }, { frequency: 1440 }],
  ['description of 510 characters', { description: 'd'.repeat(510) }, { description: 'd'.repeat(510) }],
  ['200 environment variables', { environmentVariables: envVars(200) }, { environmentVariables: envVars(200).map((v) => ({ ...v, locked: false, secret: false })) }],
  ['shouldFail true', { shouldFail: true }, { shouldFail: true }],
];

describe('POST /v1/checks/traceroute and PUT /v1/checks/traceroute/:id', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 100_000 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 201 with the defaults of spec 2.1 and 2.6 and the read-only members', async () => {
    const res = await server.api('POST', PATH, valid());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: 'Path to loopback', ...DEFAULTS, ...READ_ONLY, created_at: expect.any(String), updated_at: null });
    expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);
    const listed = await server.api('GET', '/v1/checks?checkType=TRACEROUTE');
    expect(listed.body).toEqual([res.body]);
  });

  validationCases(() => server, PATH, valid, REJECTED, ACCEPTED);

  planLimitCase(() => server, PATH, valid());

  const create = (members: Body = {}) => createOk(server, PATH, valid(members));

  it('answers 200, changes only what it names and merges a partial request', async () => {
    const created = await create({ tags: ['a'], request: { url: 'localhost', protocol: 'UDP', port: 33434 } });
    const res = await server.api('PUT', `${PATH}/${created.id}`, { name: 'Renamed', request: { maxHops: 12 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...created,
      name: 'Renamed',
      request: { ...created.request, maxHops: 12 },
      updated_at: expect.any(String),
    });
    expect((await server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(res.body);
  });

  rejectedPutCases(() => server, PATH, valid({ frequency: 60, frequencyOffset: 300 }), [
    ['url with a control character', { request: { url: 'a\tb' } }, 'request.url'],
    ['maxHops 65', { request: { maxHops: 65 } }, 'request.maxHops'],
    ['description of 511 characters', { description: 'x'.repeat(511) }, 'description'],
    ['frequency making the stored offset invalid', { frequency: 5 }, 'frequencyOffset'],
    ['checkType MULTI_STEP', { checkType: 'MULTI_STEP' }, 'checkType'],
  ]);

  it('answers 404 for an unknown id and for a check of another type', async () => {
    expect((await server.api('PUT', `${PATH}/${randomUUID()}`, { name: 'ghost' })).body).toEqual(NOT_FOUND);
    const icmp = await server.api('POST', '/v1/checks/icmp', { name: 'ping', request: { hostname: '127.0.0.1' } });
    const res = await server.api('PUT', `${PATH}/${icmp.body.id}`, { name: 'not a traceroute' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    expect((await server.api('GET', `/v1/checks/${icmp.body.id}`)).body.name).toBe('ping');
  });

  it('accepts autoAssignAlerts on PUT and rejects a value that is not a boolean', async () => {
    const created = await create();
    expect((await server.api('PUT', `${PATH}/${created.id}?autoAssignAlerts=false`, { muted: true })).status).toBe(200);
    const bad = await server.api('PUT', `${PATH}/${created.id}?autoAssignAlerts=maybe`, { muted: false });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('autoAssignAlerts');
  });
});
