import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApi, startServer, type Api, type TestServer } from '../helpers/server';
import { probesFor, queryProbes, setAt, type Probe, type QueryProbe } from './boundaries';
import { loadReference } from './schemas';

type Json = Record<string, any>;

/**
 * Where Sightline's rule differs from the reference's on purpose (docs/DECISIONS.md "Field limits",
 * "Public contract"): the probe's outcome is the spec's, not the reference's.
 */
const EXCEPTIONS: Array<{ operation: RegExp; field: RegExp; rule: RegExp; accept: boolean | 'not judged here'; why: string }> = [
  {
    // Spec 2.1 / 8: environment variables max 100 on multi-step checks and groups; the reference's schemas say 200.
    operation: /^(POST|PUT) \/(v1\/checks\/multistep|v1\/check-groups|v2\/check-groups)/,
    field: /^environmentVariables$/,
    rule: /^maxItems 200$/,
    accept: false,
    why: 'DECISIONS "Public contract": the spec\'s 100 wins',
  },
  {
    // `type` selects the schema of `config`: another type with this config is a 400 naming config.*, which the alert-channel suite covers per type.
    operation: /^(POST|PUT) \/v1\/alert-channels(\/\{id\})?$/,
    field: /^type$/,
    rule: /^enum "/,
    accept: 'not judged here',
    why: 'test/alert-channels/validation.test.ts',
  },
  {
    // `checkType` selects the body's schema too; types Sightline cannot run, and changing a check's type, are 400s by design (DECISIONS, part D).
    operation: /^(POST|PUT) \/v1\/checks(\/\{id\})?$/,
    field: /^checkType$/,
    rule: /^enum "/,
    accept: 'not judged here',
    why: 'the generic check routes\' own tests',
  },
  {
    // Spec 2.1: multi-step description max 500; the reference's multi-step schema says 510 on create.
    operation: /^(POST|PUT) \/v1\/checks\/multistep/,
    field: /^description$/,
    rule: /^maxLength 510$/,
    accept: false,
    why: 'DECISIONS "Traceroute and multi-step checks": description ≤ 500 characters (spec wins)',
  },
];

interface Operation {
  method: string;
  route: string;
  /** Creates what the operation needs; returns the path to call and a valid body factory. */
  prepare(server: TestServer): Promise<{ path: string; body: () => Json }>;
}

async function created(server: TestServer, path: string, body: Json): Promise<Json> {
  const res = await server.api('POST', path, body);
  expect(res.status, `${path}: ${res.text}`).toBe(201);
  return res.body as Json;
}

const alerting = (): Json => ({
  useGlobalAlertSettings: false,
  alertSettings: {
    escalationType: 'RUN_BASED',
    runBasedEscalation: { failedRunThreshold: 2 },
    timeBasedEscalation: { minutesFailingThreshold: 5 },
    reminders: { amount: 1, interval: 5 },
    parallelRunFailureThreshold: { enabled: false, percentage: 10 },
  },
  retryStrategy: { type: 'FIXED', baseBackoffSeconds: 60, maxRetries: 2, maxDurationSeconds: 600, sameRegion: true },
});
const icmp = (): Json => ({
  ...alerting(),
  name: 'Boundary ping',
  request: { hostname: '127.0.0.1', pingCount: 2, ipFamily: 'IPv4', assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '100' }] },
  frequency: 10,
  activated: false,
  tags: ['t'],
  locations: ['eu-west-1'],
  environmentVariables: [{ key: 'K', value: 'v' }],
  degradedPacketLossThreshold: 10,
  maxPacketLossThreshold: 20,
  degradedResponseTime: 1000,
  maxResponseTime: 2000,
});
const multistep = (): Json => ({
  ...alerting(),
  name: 'Boundary script',
  script: "import { test } from '@playwright/test';\ntest('t', async () => {});",
  activated: false,
  frequency: 10,
  tags: ['t'],
  dependencies: [{ path: 'lib/a.ts', content: 'export {}' }],
  environmentVariables: [{ key: 'K', value: 'v' }],
  description: 'd',
});
const group = (): Json => ({
  ...alerting(),
  name: 'Boundary group',
  tags: ['t'],
  concurrency: 2,
  environmentVariables: [{ key: 'K', value: 'v' }],
  apiCheckDefaults: { url: 'http://127.0.0.1', headers: [{ key: 'A', value: 'b' }], queryParameters: [{ key: 'q', value: '1' }], assertions: [], basicAuth: { username: 'u', password: 'p' } },
  activated: false,
});
const channel = (): Json => ({ type: 'EMAIL', config: { address: 'ops@example.com' }, sslExpiryThreshold: 10, sendRecovery: true, sendFailure: true, sendDegraded: false });

const OPERATIONS: Operation[] = [
  // Served by other parts of the work as they land: probed once the server registers them.
  { method: 'POST', route: '/v1/checks', prepare: async () => ({ path: '/v1/checks?autoAssignAlerts=false', body: () => ({ ...icmp(), checkType: 'ICMP' }) }) },
  {
    method: 'PUT',
    route: '/v1/checks/{id}',
    prepare: async (server) => ({ path: `/v1/checks/${(await created(server, '/v1/checks/icmp?autoAssignAlerts=false', icmp())).id}`, body: () => ({ ...icmp(), checkType: 'ICMP' }) }),
  },
  { method: 'POST', route: '/v1/check-groups', prepare: async () => ({ path: '/v1/check-groups?autoAssignAlerts=false', body: group }) },
  {
    method: 'PUT',
    route: '/v1/check-groups/{id}',
    prepare: async (server) => ({ path: `/v1/check-groups/${(await created(server, '/v2/check-groups?autoAssignAlerts=false', group())).id}`, body: group }),
  },
  { method: 'POST', route: '/v1/checks/icmp', prepare: async () => ({ path: '/v1/checks/icmp?autoAssignAlerts=false', body: icmp }) },
  {
    method: 'PUT',
    route: '/v1/checks/icmp/{id}',
    prepare: async (server) => ({ path: `/v1/checks/icmp/${(await created(server, '/v1/checks/icmp?autoAssignAlerts=false', icmp())).id}`, body: icmp }),
  },
  { method: 'POST', route: '/v1/checks/multistep', prepare: async () => ({ path: '/v1/checks/multistep?autoAssignAlerts=false', body: multistep }) },
  {
    method: 'PUT',
    route: '/v1/checks/multistep/{id}',
    prepare: async (server) => ({ path: `/v1/checks/multistep/${(await created(server, '/v1/checks/multistep?autoAssignAlerts=false', multistep())).id}`, body: multistep }),
  },
  { method: 'POST', route: '/v2/check-groups', prepare: async () => ({ path: '/v2/check-groups?autoAssignAlerts=false', body: group }) },
  {
    method: 'PUT',
    route: '/v2/check-groups/{id}',
    prepare: async (server) => ({ path: `/v2/check-groups/${(await created(server, '/v2/check-groups?autoAssignAlerts=false', group())).id}`, body: group }),
  },
  { method: 'POST', route: '/v1/alert-channels', prepare: async () => ({ path: '/v1/alert-channels', body: channel }) },
  {
    method: 'PUT',
    route: '/v1/alert-channels/{id}',
    prepare: async (server) => ({ path: `/v1/alert-channels/${(await created(server, '/v1/alert-channels', channel())).id}`, body: channel }),
  },
  {
    method: 'PUT',
    route: '/v1/alert-channels/{id}/subscriptions',
    prepare: async (server) => {
      const target = await created(server, '/v1/alert-channels', channel());
      const check = await created(server, '/v1/checks/icmp?autoAssignAlerts=false', icmp());
      return { path: `/v1/alert-channels/${target.id}/subscriptions`, body: () => ({ checkId: check.id, activated: true }) };
    },
  },
  {
    method: 'POST',
    route: '/v1/private-locations',
    prepare: async () => ({ path: '/v1/private-locations', body: () => ({ name: 'Lab', slugName: `lab-${randomUUID().slice(0, 8)}`, icon: 'home', proxyUrl: null }) }),
  },
  {
    method: 'PUT',
    route: '/v1/private-locations/{id}',
    prepare: async (server) => ({ path: `/v1/private-locations/${(await created(server, '/v1/private-locations', { name: 'Lab', slugName: 'lab-put' })).id}`, body: () => ({ name: 'Lab 2', icon: 'home' }) }),
  },
  { method: 'POST', route: '/v1/status-pages/services', prepare: async () => ({ path: '/v1/status-pages/services', body: () => ({ name: `Service ${randomUUID()}` }) }) },
  {
    method: 'PUT',
    route: '/v1/status-pages/services/{serviceId}',
    prepare: async (server) => ({ path: `/v1/status-pages/services/${(await created(server, '/v1/status-pages/services', { name: 'Svc' })).id}`, body: () => ({ name: 'Svc 2' }) }),
  },
  {
    method: 'POST',
    route: '/v1/status-pages/incidents',
    prepare: async (server) => {
      const service = await created(server, '/v1/status-pages/services', { name: 'Incident target' });
      return {
        path: '/v1/status-pages/incidents',
        body: () => ({ name: 'Down', severity: 'MAJOR', services: [{ id: service.id, name: service.name, accountId: server.backend.accountId }], incidentUpdates: [{ description: 'Looking', status: 'INVESTIGATING', notifySubscribers: false }] }),
      };
    },
  },
  {
    method: 'PUT',
    route: '/v1/status-pages/incidents/{incidentId}',
    prepare: async (server) => {
      const service = await created(server, '/v1/status-pages/services', { name: 'Incident put target' });
      const incident = await created(server, '/v1/status-pages/incidents', { name: 'Down', severity: 'MAJOR', services: [{ id: service.id, name: service.name, accountId: server.backend.accountId }], incidentUpdates: [{ description: 'Looking' }] });
      return { path: `/v1/status-pages/incidents/${incident.id}`, body: () => ({ name: 'Down', severity: 'MINOR', services: [{ id: service.id, name: service.name, accountId: server.backend.accountId }] }) };
    },
  },
  {
    method: 'POST',
    route: '/v1/status-pages/incidents/{incidentId}/incident-updates',
    prepare: async (server) => {
      const service = await created(server, '/v1/status-pages/services', { name: 'Update target' });
      const incident = await created(server, '/v1/status-pages/incidents', { name: 'Down', severity: 'MAJOR', services: [{ id: service.id, name: service.name, accountId: server.backend.accountId }], incidentUpdates: [{ description: 'Looking' }] });
      return { path: `/v1/status-pages/incidents/${incident.id}/incident-updates`, body: () => ({ description: 'Progress', status: 'IDENTIFIED', notifySubscribers: false }) };
    },
  },
  {
    method: 'PATCH',
    route: '/v1/accounts/me/members/{userId}',
    prepare: async (server) => {
      const member = await created(server, '/v1/accounts/me/members', { name: 'Probe', email: `probe-${randomUUID()}@example.com`, role: 'READ_ONLY' });
      return { path: `/v1/accounts/me/members/${member.userId}`, body: () => ({ role: 'READ_WRITE' }) };
    },
  },
];

interface Outcome {
  operation: string;
  probe: Probe;
  status: number;
  message: string;
}

/** Degraded/failed threshold pairs (docs/DECISIONS.md: degraded must be below failed); the public schema bounds each alone. */
const THRESHOLD_PARTNERS: Record<string, string> = {
  degradedResponseTime: 'maxResponseTime',
  maxResponseTime: 'degradedResponseTime',
  degradedPacketLossThreshold: 'maxPacketLossThreshold',
  maxPacketLossThreshold: 'degradedPacketLossThreshold',
};

/** A probe of one threshold of a pair clears the other (null: no threshold), so only the probed bound decides. */
function withoutPartner(body: Record<string, unknown>, probe: Probe): Record<string, unknown> {
  const partner = probe.path.length === 1 ? THRESHOLD_PARTNERS[String(probe.path[0])] : undefined;
  return partner ? { ...body, [partner]: null } : body;
}

describe('public contract: request rules agree with the public schemas at their boundaries', () => {
  let server: TestServer;
  const outcomes: Outcome[] = [];
  const served: Operation[] = [];

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 100_000 } });
    const reference = loadReference();
    const registered = new Set(server.backend.app.registeredRoutes.map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`));
    for (const operation of OPERATIONS.filter((op) => registered.has(`${op.method} ${op.route}`))) {
      served.push(operation);
      const schema = reference.requestSchema(operation.method, operation.route);
      if (!schema) throw new Error(`the reference has no request body for ${operation.method} ${operation.route}`);
      const { path, body } = await operation.prepare(server);
      const valid = body();
      const base = await server.api(operation.method, path, valid);
      expect(base.status, `${operation.method} ${path} with its valid body: ${base.text}`).toBeLessThan(300);
      for (const probe of probesFor(reference, schema, valid)) {
        // Applied to a fresh valid body, for creates that need unique members (slugs, names).
        const res = await server.api(operation.method, path, probe.keep ? body() : withoutPartner(setAt(body(), probe.path, probe.value), probe));
        outcomes.push({ operation: `${operation.method} ${operation.route}`, probe, status: res.status, message: typeof res.body === 'object' ? String(res.body?.message ?? '') : res.text });
      }
    }
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('probes a rule of every shared write operation', () => {
    expect(served.length).toBeGreaterThanOrEqual(OPERATIONS.length - 4);
    expect(new Set(outcomes.map((o) => o.operation)).size).toBe(served.length);
    expect(outcomes.length).toBeGreaterThan(100);
  });

  it('accepts every boundary value and refuses the value just past it with a 400 naming the field', () => {
    const problems: string[] = [];
    for (const { operation, probe, status, message } of outcomes) {
      const exception = EXCEPTIONS.find((e) => e.operation.test(operation) && e.field.test(probe.field) && e.rule.test(probe.rule));
      const accept = exception ? exception.accept : probe.accept;
      if (accept === 'not judged here') continue;
      const label = `${operation} ${probe.field} ${probe.rule} ${probe.accept ? 'at the boundary' : 'past it'}`;
      if (accept && (status < 200 || status >= 300)) problems.push(`${label}: expected 2xx, got ${status} ${message}`);
      if (!accept && status !== 400) problems.push(`${label}: expected 400, got ${status}`);
      if (!accept && status === 400 && !message.includes(probe.field)) problems.push(`${label}: the 400 does not name the field: ${message}`);
    }
    if (problems.length > 0) console.log(problems.join('\n'));
    expect(problems).toEqual([]);
  });
});

/** Query parameters where the spec (or a documented decision) overrides the reference's rule. */
const QUERY_EXCEPTIONS: Array<{ operation: RegExp; name: RegExp; rule: RegExp; accept: boolean | 'not judged here'; why: string }> = [
  {
    // Spec 4.9: from/to are UNIX timestamps in seconds; the reference types them as dates.
    operation: /^GET \/v1\/alert-notifications$/,
    name: /^(from|to)$/,
    rule: /./,
    accept: 'not judged here',
    why: 'spec wins: UNIX seconds',
  },
  {
    // Results also come from private locations (`local` and the account's slugs), which the region list cannot name.
    operation: /^GET \/v[12]\/check-results\/\{checkId\}$/,
    name: /^location$/,
    rule: /^enum$/,
    accept: true,
    why: 'DECISIONS "Public contract": the location filter takes any run location',
  },
  {
    // Spec 4.9 and every listing: the page number is an integer, so the reference's "number > 0" probes
    // (0.5 at the open bound, 0 past it) are both refused; page 1 is the default every listing test uses.
    operation: /./,
    name: /^page$/,
    rule: /^exclusiveMinimum 0$/,
    accept: false,
    why: 'spec wins: page number | integer',
  },
];

describe('public contract: query parameters agree with the public schemas at their boundaries', () => {
  let server: TestServer;
  const outcomes: Array<{ operation: string; probe: QueryProbe; status: number; message: string }> = [];

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 100_000 } });
    const reference = loadReference();
    const check = await created(server, '/v1/checks/icmp?autoAssignAlerts=false', { name: 'Query target', request: { hostname: '127.0.0.1', pingCount: 1 }, doubleCheck: false });
    const triggered = await created(server, '/v1/check-sessions/trigger', { target: { checkId: [check.id] } });
    const checkSessionId = triggered.sessions[0].checkSessionId as string;
    expect((await server.api('GET', `/v1/check-sessions/${checkSessionId}/completion?maxWaitSeconds=30`)).status).toBe(200);
    const group = await created(server, '/v2/check-groups?autoAssignAlerts=false', { name: 'Query group' });
    const values: Record<string, string> = { checkId: check.id, checkSessionId, accountId: server.backend.accountId, id: String(group.id) };
    const registered = new Set(server.backend.app.registeredRoutes.map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`));
    // The notification listing allows 5 requests per 10 s per key (spec 8): a fresh member's key every 5 probes.
    let notificationCalls = 0;
    let notificationKeyApi: Api = server.api;
    const notificationsApi = async (): Promise<Api> => {
      if (notificationCalls++ % 5 === 0) {
        const member = await created(server, '/v1/accounts/me/members', { name: 'Reader', email: `reader-${randomUUID()}@example.com`, role: 'READ_ONLY' });
        notificationKeyApi = makeApi(server.url, member.apiKey.apiKey as string);
      }
      return notificationKeyApi;
    };
    for (const op of reference.operations) {
      if (op.method !== 'get' || !registered.has(`GET ${op.path}`)) continue;
      // `{id}` is filled with a group's id: only the group routes take it here.
      if (op.path.includes('{id}') && !op.path.includes('check-groups')) continue;
      const params = ((op.operation.parameters as Json[] | undefined) ?? []).filter((p) => p.in === 'query');
      let path = op.path;
      let missing = false;
      path = path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => {
        if (!values[name]) missing = true;
        return values[name] ?? '';
      });
      if (missing) continue;
      for (const param of params) {
        for (const probe of queryProbes(reference, param.name as string, (param.schema ?? {}) as Json)) {
          const api = op.path === '/v1/alert-notifications' ? await notificationsApi() : server.api;
          const res = await api('GET', `${path}?${encodeURIComponent(probe.name)}=${encodeURIComponent(probe.value)}`);
          outcomes.push({ operation: `GET ${op.path}`, probe, status: res.status, message: typeof res.body === 'object' ? String(res.body?.message ?? '') : res.text });
        }
      }
    }
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('accepts every boundary value and refuses the value just past it with a 400 naming the parameter', () => {
    expect(new Set(outcomes.map((o) => o.operation)).size).toBeGreaterThan(8);
    const problems: string[] = [];
    for (const { operation, probe, status, message } of outcomes) {
      const exception = QUERY_EXCEPTIONS.find((e) => e.operation.test(operation) && e.name.test(probe.name) && e.rule.test(probe.rule));
      const accept = exception ? exception.accept : probe.accept;
      if (accept === 'not judged here') continue;
      const label = `${operation} ?${probe.name}=${probe.value} (${probe.rule})`;
      if (accept && (status < 200 || status >= 300)) problems.push(`${label}: expected 2xx, got ${status} ${message}`);
      if (!accept && status !== 400) problems.push(`${label}: expected 400, got ${status}`);
      if (!accept && status === 400 && !message.includes(probe.name)) problems.push(`${label}: the 400 does not name the parameter: ${message}`);
    }
    if (problems.length > 0) console.log(problems.join('\n'));
    expect(problems).toEqual([]);
  });
});
