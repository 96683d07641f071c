import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src-shared/schemas/limits';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { trpcClient, trpcError } from '../helpers/trpc';
import { createService, incidentBody } from '../status-pages/fixtures';

type Body = Record<string, unknown>;

const MB = 1024 * 1024;
const s = (n: number, c = 'x') => c.repeat(n);
const SCRIPT = "import { test } from '@playwright/test';\ntest('t', async () => {});\n";
const WEBHOOK_URL = 'http://127.0.0.1:9/hook';

const CHECK_CREATES: Array<[string, (name: string) => Body]> = [
  ['/v1/checks/icmp', (name) => icmpBody({ name })],
  ['/v1/checks/traceroute', (name) => ({ name, request: { url: '127.0.0.1' } })],
  ['/v1/checks/multistep', (name) => ({ name, script: SCRIPT })],
];

async function totalChecks(server: TestServer): Promise<string | null> {
  return (await server.api('GET', '/v1/checks')).headers.get('content-range');
}

describe('length limits on what a client can store', () => {
  let server: TestServer;
  let serviceId = '';

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 100_000 } });
    serviceId = (await createService(server, 'Limits')).id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(CHECK_CREATES)('refuses a 4 MB check name on POST %s and stores nothing', async (path, body) => {
    const before = await totalChecks(server);
    const res = await server.api('POST', path, body(s(4 * MB, 'n')));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'name: must have at most 255 characters' });
    expect(await totalChecks(server)).toBe(before);
  });

  it.each(CHECK_CREATES)('refuses a PUT that names a 256-character name on %s and keeps the stored check', async (path, body) => {
    const created = await server.api('POST', path, body('Kept name'));
    expect(created.status, created.text).toBe(201);
    const res = await server.api('PUT', `${path}/${created.body.id}`, { name: s(256) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('name: must have at most 255 characters');
    expect((await server.api('GET', `/v1/checks/${created.body.id}`)).body).toEqual(created.body);
  });

  it('refuses a 3 MB incident description and stores no incident', async () => {
    const res = await server.api('POST', '/v1/status-pages/incidents', incidentBody([serviceId], { incidentUpdates: [{ description: s(3 * MB, 'd') }] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`incidentUpdates[0].description: must be at most ${LIMITS.incidentDescription} characters`);
    expect((await server.api('GET', '/v1/status-pages/incidents')).body.entries).toEqual([]);
  });

  it('refuses a 3 MB incident update, added or edited, and keeps the incident as it was', async () => {
    const incident = await server.api('POST', '/v1/status-pages/incidents', incidentBody([serviceId]));
    expect(incident.status).toBe(201);
    const updates = `/v1/status-pages/incidents/${incident.body.id}/incident-updates`;
    const added = await server.api('POST', updates, { description: s(3 * MB, 'd') });
    expect(added.status).toBe(400);
    expect(added.body.message).toBe(`description: must be at most ${LIMITS.incidentDescription} characters`);
    const edited = await server.api('PUT', `${updates}/${incident.body.incidentUpdates[0].id}`, { description: s(LIMITS.incidentDescription + 1, 'd') });
    expect(edited.status).toBe(400);
    expect((await server.api('GET', `/v1/status-pages/incidents/${incident.body.id}`)).body).toEqual(incident.body);
    await server.api('DELETE', `/v1/status-pages/incidents/${incident.body.id}`);
  });

  /** [field, POST path, body with the field at size n (called after beforeAll), the largest n accepted]; n + 1 answers 400 naming the field. */
  const BOUNDARIES: Array<[string, string, (n: number) => Body, number]> = [
    ['tags[0]', '/v1/checks/icmp', (n) => icmpBody({ tags: [s(n, 't')] }), LIMITS.tag],
    ['tags', '/v1/checks/icmp', (n) => icmpBody({ tags: Array.from({ length: n }, (_, i) => `tag-${i}`) }), LIMITS.tags],
    ['environmentVariables[0].key', '/v1/checks/icmp', (n) => icmpBody({ environmentVariables: [{ key: s(n, 'K'), value: 'v' }] }), LIMITS.envVarKey],
    ['environmentVariables[0].value', '/v1/checks/traceroute', (n) => ({ name: 'env', request: { url: '127.0.0.1' }, environmentVariables: [{ key: 'K', value: s(n) }] }), LIMITS.envVarValue],
    ['privateLocations', '/v1/checks/icmp', (n) => icmpBody({ privateLocations: Array.from({ length: n }, () => 'local') }), LIMITS.privateLocations],
    ['request.assertions[0].target', '/v1/checks/icmp', (n) => icmpBody({ request: { hostname: '127.0.0.1', assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: s(n, '9') }] } }), LIMITS.assertionText],
    ['heartbeat', '/v1/checks/icmp', (n) => icmpBody({ heartbeat: { a: s(n - '{"a":""}'.length) } }), LIMITS.heartbeatJson],
    ['localSetupScript', '/v1/checks/icmp', (n) => icmpBody({ localSetupScript: s(n) }), LIMITS.snippetBytes],
    ['triggerIncident.name', '/v1/checks/icmp', (n) => icmpBody({ triggerIncident: { serviceId, severity: 'MAJOR', name: s(n), description: 'd', notifySubscribers: false } }), LIMITS.name],
    ['script', '/v1/checks/multistep', (n) => ({ name: 'big script', script: `// ${s(n - 3)}` }), LIMITS.scriptBytes],
    ['dependencies[0].content', '/v1/checks/multistep', (n) => ({ name: 'big file', script: SCRIPT, dependencies: [{ path: 'lib/big.ts', content: s(n) }] }), LIMITS.dependencyBytes],
    ['name', '/v2/check-groups', (n) => ({ name: s(n, 'g') }), LIMITS.name],
    ['apiCheckDefaults.headers[0].value', '/v2/check-groups', (n) => ({ name: 'headers', apiCheckDefaults: { headers: [{ key: 'Authorization', value: s(n) }] } }), LIMITS.keyValueValue],
    ['browserCheckDefaults', '/v2/check-groups', (n) => ({ name: 'browser', browserCheckDefaults: s(n) }), LIMITS.snippetBytes],
    ['config.name', '/v1/alert-channels', (n) => ({ type: 'WEBHOOK', config: { name: s(n), url: WEBHOOK_URL } }), LIMITS.name],
    ['config.template', '/v1/alert-channels', (n) => ({ type: 'WEBHOOK', config: { name: 'tpl', url: WEBHOOK_URL, template: s(n) } }), LIMITS.webhookTemplate],
    ['config.headers', '/v1/alert-channels', (n) => ({ type: 'WEBHOOK', config: { name: 'hdr', url: WEBHOOK_URL, headers: Array.from({ length: n }, (_, i) => ({ key: `x-${i}`, value: 'v' })) } }), LIMITS.keyValues],
    ['config.channel', '/v1/alert-channels', (n) => ({ type: 'SLACK', config: { url: WEBHOOK_URL, channel: s(n) } }), LIMITS.name],
    ['incidentUpdates[0].description', '/v1/status-pages/incidents', (n) => incidentBody([serviceId], { incidentUpdates: [{ description: s(n) }] }), LIMITS.incidentDescription],
  ];

  it.each(BOUNDARIES)('%s: accepts the limit on POST %s, refuses one more with 400 naming the field', async (field, path, body, limit) => {
    const ok = await server.api('POST', path, body(limit));
    expect(ok.status, ok.text.slice(0, 300)).toBe(201);
    const over = await server.api('POST', path, body(limit + 1));
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(new RegExp(`^${field.replace(/[.[\]]/g, '\\$&')}: `));
  });

  it('counts script and file sizes in UTF-8 bytes, not characters', async () => {
    // 131,073 "é" are fewer characters than the limit but 262,146 bytes
    const res = await server.api('POST', '/v1/checks/multistep', { name: 'accents', script: s(LIMITS.scriptBytes / 2 + 1, 'é') });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('script: must be at most 262144 bytes (256 KiB) of UTF-8');
  });

  it('limits all dependency contents together to 1 MiB', async () => {
    const files = (sizes: number[]) => sizes.map((size, i) => ({ path: `lib/f${i}.ts`, content: s(size) }));
    const quarter = LIMITS.dependenciesTotalBytes / 4;
    const ok = await server.api('POST', '/v1/checks/multistep', { name: 'four files', script: SCRIPT, dependencies: files([quarter, quarter, quarter, quarter]) });
    expect(ok.status).toBe(201);
    const before = await totalChecks(server);
    const over = await server.api('POST', '/v1/checks/multistep', { name: 'five files', script: SCRIPT, dependencies: files([quarter, quarter, quarter, quarter, 1]) });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('dependencies: must be at most 1048576 bytes (1 MiB) of UTF-8 for all contents together');
    expect(await totalChecks(server)).toBe(before);
  });

  it('fits the largest legal multi-step body inside the request body limit', async () => {
    const body = {
      name: s(LIMITS.name),
      description: s(500),
      script: s(LIMITS.scriptBytes),
      localSetupScript: s(LIMITS.snippetBytes),
      localTearDownScript: s(LIMITS.snippetBytes),
      dependencies: Array.from({ length: 4 }, (_, i) => ({ path: `lib/${i}.ts`, content: s(LIMITS.dependenciesTotalBytes / 4) })),
      environmentVariables: Array.from({ length: 100 }, (_, i) => ({ key: `K${i}`.padEnd(LIMITS.envVarKey, 'k'), value: s(LIMITS.envVarValue) })),
      tags: Array.from({ length: LIMITS.tags }, (_, i) => `${i}`.padEnd(LIMITS.tag, 't')),
    };
    const res = await server.api('POST', '/v1/checks/multistep', body);
    expect(res.status, res.text.slice(0, 300)).toBe(201);
  });

  it('gives tRPC the same message as REST', async () => {
    const trpc = trpcClient(server.url, server.key);
    const error = await trpcError(trpc.checks.createMultiStep.mutate({ name: s(256), script: SCRIPT }));
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('name: must have at most 255 characters');
  });
});
