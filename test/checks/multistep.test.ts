import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { COMMON_DEFAULTS, NOT_FOUND, READ_ONLY } from '../helpers/shapes';
import { createOk, envVars, planLimitCase, rejectedPutCases, validationCases, type Accepted, type Body, type Rejected } from './harness';

const PATH = '/v1/checks/multistep';
const SCRIPT = "import { test, expect } from '@playwright/test';\ntest('api', async ({ request }) => { expect((await request.get('/')).ok()).toBe(true); });";

const valid = (members: Body = {}): Body => ({ name: 'Login flow', script: SCRIPT, ...members });
const dependencies = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `lib/${i}.ts`, content: 'export {}' }));

const DEFAULTS = {
  checkType: 'MULTI_STEP',
  ...COMMON_DEFAULTS,
  script: SCRIPT,
  scriptPath: null,
  dependencies: [],
  playwrightConfig: null,
};

const REJECTED: Rejected[] = [
  ['name missing', () => ({ script: SCRIPT }), 'name'],
  ['name empty', { name: '' }, 'name'],
  ['script missing', () => ({ name: 'no script' }), 'script'],
  ['script empty', { script: '' }, 'script'],
  ['script null', { script: null }, 'script'],
  ['script a number', { script: 1 }, 'script'],
  ['scriptPath empty', { scriptPath: '' }, 'scriptPath'],
  ['frequency 0 (not in the multi-step list)', { frequency: 0 }, 'frequency'],
  ['frequency 3', { frequency: 3 }, 'frequency'],
  ['frequency 1441', { frequency: 1441 }, 'frequency'],
  ['frequency 1 with offset 11', { frequency: 1, frequencyOffset: 11 }, 'frequencyOffset'],
  ['description of 501 characters', { description: 'd'.repeat(501) }, 'description'],
  ['101 environment variables', { environmentVariables: envVars(101) }, 'environmentVariables'],
  ['101 dependencies', { dependencies: dependencies(101) }, 'dependencies'],
  ['dependency without path', { dependencies: [{ content: 'x' }] }, 'dependencies[0].path'],
  ['dependency path empty', { dependencies: [{ path: '', content: 'x' }] }, 'dependencies[0].path'],
  ['dependency path of 1001 characters', { dependencies: [{ path: 'p'.repeat(1001), content: 'x' }] }, 'dependencies[0].path'],
  ['dependency without content', { dependencies: [{ path: 'a.ts' }] }, 'dependencies[0].content'],
  ['dependency content empty', { dependencies: [{ path: 'a.ts', content: '' }] }, 'dependencies[0].content'],
  ['dependencies an object', { dependencies: { path: 'a.ts', content: 'x' } }, 'dependencies'],
  ['checkType TRACEROUTE', { checkType: 'TRACEROUTE' }, 'checkType'],
  ['runtimeId unknown', { runtimeId: 'latest' }, 'runtimeId'],
  ['private location empty', { privateLocations: [''] }, 'privateLocations[0]'],
  ['subscription without activated', { alertChannelSubscriptions: [{ alertChannelId: 1 }] }, 'alertChannelSubscriptions[0].activated'],
  ['subscription naming no channel', { alertChannelSubscriptions: [{ alertChannelId: 4242, activated: true }] }, 'alertChannelSubscriptions[0].alertChannelId'],
  ['groupId naming no group', { groupId: 7 }, 'groupId'],
  ['intent goal of 2001 characters', { intent: { goal: 'g'.repeat(2001) } }, 'intent.goal'],
  ['retry onlyOn unknown', { retryStrategy: { type: 'LINEAR', onlyOn: ['TIMEOUT'] } }, 'retryStrategy.onlyOn[0]'],
  ['maxResponseTime over two minutes (the run is stopped at it)', { maxResponseTime: 120_001 }, 'maxResponseTime'],
  ['degradedResponseTime negative', { degradedResponseTime: -1 }, 'degradedResponseTime'],
];

const ACCEPTED: Accepted[] = [
  ['scriptPath', { scriptPath: 'tests/login.spec.ts' }, { scriptPath: 'tests/login.spec.ts' }],
  ['frequency 1 with offset 10', { frequency: 1, frequencyOffset: 10 }, { frequency: 1, frequencyOffset: 10 }],
  ['frequency 1440', { frequency: 1440 }, { frequency: 1440 }],
  ['description of 500 characters', { description: 'd'.repeat(500) }, { description: 'd'.repeat(500) }],
  ['100 environment variables', { environmentVariables: envVars(100) }, { environmentVariables: envVars(100).map((v) => ({ ...v, locked: false, secret: false })) }],
  ['100 dependencies', { dependencies: dependencies(100) }, { dependencies: dependencies(100) }],
  ['dependencies null', { dependencies: null }, { dependencies: null }],
  ['a dependency path of 1000 characters', { dependencies: [{ path: 'p'.repeat(1000), content: 'x' }] }, { dependencies: [{ path: 'p'.repeat(1000), content: 'x' }] }],
  ['runtimeId 2026.04', { runtimeId: '2026.04' }, { runtimeId: '2026.04' }],
  ['response time limits', { degradedResponseTime: 5000, maxResponseTime: 120_000 }, { degradedResponseTime: 5000, maxResponseTime: 120_000 }],
];

describe('POST /v1/checks/multistep and PUT /v1/checks/multistep/:id', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 100_000 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 201 with the defaults and the read-only members; members of other types are dropped', async () => {
    const res = await server.api('POST', PATH, valid({ heartbeat: { period: 5 }, sslCheckDomain: 'example.com', request: { url: 'x' } }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: 'Login flow', ...DEFAULTS, ...READ_ONLY, created_at: expect.any(String), updated_at: null });
    expect((await server.api('GET', '/v1/checks?checkType=MULTI_STEP')).body).toEqual([res.body]);
  });

  validationCases(() => server, PATH, valid, REJECTED, ACCEPTED);

  planLimitCase(() => server, PATH, valid());

  const create = (members: Body = {}) => createOk(server, PATH, valid(members));

  it('answers 200 for a partial body and replaces the members it names', async () => {
    const created = await create({ dependencies: dependencies(2), tags: ['web'] });
    const res = await server.api('PUT', `${PATH}/${created.id}`, { script: 'console.log(1)', dependencies: dependencies(1) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, script: 'console.log(1)', dependencies: dependencies(1), updated_at: expect.any(String) });
    expect((await server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(res.body);
  });

  rejectedPutCases(() => server, PATH, valid(), [
    ['script null', { script: null }, 'script'],
    ['frequency 0', { frequency: 0 }, 'frequency'],
    ['101 dependencies', { dependencies: dependencies(101) }, 'dependencies'],
    ['description of 501 characters', { description: 'd'.repeat(501) }, 'description'],
    ['groupId naming no group', { groupId: 3 }, 'groupId'],
  ]);

  it('answers 404 for an unknown id and for a traceroute monitor', async () => {
    expect((await server.api('PUT', `${PATH}/${randomUUID()}`, { name: 'ghost' })).body).toEqual(NOT_FOUND);
    const traceroute = await server.api('POST', '/v1/checks/traceroute', { name: 'path', request: { url: '127.0.0.1' } });
    const res = await server.api('PUT', `${PATH}/${traceroute.body.id}`, { name: 'not multi-step' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });
});
