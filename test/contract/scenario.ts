import { expect } from 'vitest';
import type { TestServer } from '../helpers/server';

/** One response seen while exercising the API: `route` is the OpenAPI path template. */
export interface Exchange {
  method: string;
  route: string;
  path: string;
  status: number;
  body: unknown;
}

type Json = Record<string, any>;

const PASSING_SCRIPT = "import { test, expect } from '@playwright/test';\ntest('home', async () => { expect(1).toBe(1); });";
const FAILING_SCRIPT = "import { test, expect } from '@playwright/test';\ntest('home', async () => { expect(1, 'one is two').toBe(2); });";

const CHANNEL_CONFIGS: Record<string, Json> = {
  EMAIL: { address: 'ops@example.com' },
  SLACK: { url: 'https://hooks.slack.com/services/T0/B0/XYZ', channel: '#ops' },
  SLACK_APP: { slackChannels: ['#ops'] },
  WEBHOOK: {
    name: 'Bridge',
    url: 'http://127.0.0.1:9/hook?token=abcd',
    method: 'POST',
    headers: [{ key: 'X-Team', value: 'ops' }],
    queryParameters: [{ key: 'q', value: '1' }],
    template: '{"t":"{{ALERT_TITLE}}"}',
    webhookSecret: 'sekret-value',
  },
  SMS: { name: 'On call', number: '+14155550123' },
  PAGERDUTY: { serviceKey: 'pd-service-key', account: 'acme', serviceName: 'web' },
  OPSGENIE: { name: 'Opsgenie EU', apiKey: 'og-key', region: 'EU', priority: 'P3' },
  CALL: { name: 'On call phone', number: '+4915123456789' },
};

/**
 * Creates a representative set of resources through the API and calls every operation Sightline
 * serves that the public API also has, recording each answer. Operations another part may not have
 * added yet are called only when the server registers them.
 */
export class Scenario {
  readonly exchanges: Exchange[] = [];
  private readonly routes: Set<string>;

  constructor(private readonly server: TestServer) {
    this.routes = new Set(server.backend.app.registeredRoutes.filter((r) => !r.hidden).map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`));
  }

  has(method: string, route: string): boolean {
    return this.routes.has(`${method} ${route}`);
  }

  /** Calls `route` with its `{params}` filled in; the answer must be a 2xx. */
  async call(method: string, route: string, params: Record<string, string | number> = {}, body?: unknown, query = ''): Promise<Json> {
    const path = route.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => {
      if (params[name] === undefined) throw new Error(`no value for {${name}} in ${route}`);
      return encodeURIComponent(String(params[name]));
    });
    const res = await this.server.api(method, `${path}${query}`, body);
    expect(res.status, `${method} ${path}${query}: ${res.text}`).toBeGreaterThanOrEqual(200);
    expect(res.status, `${method} ${path}${query}: ${res.text}`).toBeLessThan(300);
    this.exchanges.push({ method, route, path: `${path}${query}`, status: res.status, body: res.status === 204 ? undefined : res.body });
    return res.body as Json;
  }

  async callIf(method: string, route: string, params: Record<string, string | number> = {}, body?: unknown, query = ''): Promise<Json | null> {
    return this.has(method, route) ? this.call(method, route, params, body, query) : null;
  }

  async run(): Promise<void> {
    const account = await this.call('GET', '/v1/accounts/me');
    await this.call('GET', '/v1/accounts/{accountId}', { accountId: account.id });
    await this.callIf('GET', '/v1/locations');

    // Alert channels of every type, with and without optional members.
    const channels: Json[] = [];
    for (const [type, config] of Object.entries(CHANNEL_CONFIGS)) {
      channels.push(await this.call('POST', '/v1/alert-channels', {}, { type, config, sendDegraded: true, sslExpiry: true, sslExpiryThreshold: 7 }));
    }
    channels.push(await this.call('POST', '/v1/alert-channels', {}, { type: 'EMAIL', config: { address: 'min@example.com' } }));

    // Private locations and keys.
    const location = await this.call('POST', '/v1/private-locations', {}, { name: 'Office', slugName: 'office-lan', icon: 'home' });
    const minimalLocation = await this.call('POST', '/v1/private-locations', {}, { name: 'Branch', slugName: 'branch' });
    await this.call('GET', '/v1/private-locations');
    await this.call('GET', '/v1/private-locations/{id}', { id: location.id });
    await this.call('PUT', '/v1/private-locations/{id}', { id: location.id }, { name: 'Office LAN', icon: 'building' });
    const key = await this.call('POST', '/v1/private-locations/{id}/keys', { id: location.id });
    await this.call('GET', '/v1/private-locations/{id}', { id: location.id });
    await this.call('DELETE', '/v1/private-locations/{id}/keys/{keyId}', { id: location.id, keyId: key.id });
    await this.callIf('GET', '/v1/private-locations/{id}/metrics', { id: location.id }, undefined, `?from=${Math.floor(Date.now() / 1000) - 3600}&to=${Math.floor(Date.now() / 1000)}`);

    // Groups.
    const group = await this.call('POST', '/v2/check-groups', {}, {
      name: 'Edge',
      activated: true,
      muted: false,
      tags: ['edge'],
      locations: ['eu-west-1'],
      concurrency: 2,
      apiCheckDefaults: { url: 'http://127.0.0.1', headers: [{ key: 'X-A', value: 'b' }], queryParameters: [], assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }], basicAuth: { username: 'u', password: 'p' } },
      environmentVariables: [{ key: 'REGION', value: 'eu' }, { key: 'TOKEN', value: 'secret-token', secret: true }],
      alertChannelSubscriptions: [{ alertChannelId: channels[0].id, activated: true }],
      retryStrategy: { type: 'FIXED', baseBackoffSeconds: 30, maxRetries: 1, maxDurationSeconds: 300, sameRegion: true },
      runParallel: false,
    });
    const minimalGroup = await this.call('POST', '/v2/check-groups', {}, { name: 'Bare' }, '?autoAssignAlerts=false');
    await this.call('PUT', '/v2/check-groups/{id}', { id: group.id }, { name: 'Edge nodes', tags: ['edge', 'prod'] });
    if (this.has('POST', '/v1/check-groups')) {
      const v1 = await this.call('POST', '/v1/check-groups', {}, { name: 'Legacy group' });
      await this.callIf('PUT', '/v1/check-groups/{id}', { id: v1.id }, { name: 'Legacy group 2' });
      await this.call('DELETE', '/v1/check-groups/{id}', { id: v1.id });
    }

    // Checks of each type, with and without optional members.
    const icmpFull = await this.call('POST', '/v1/checks/icmp', {}, {
      name: 'Loopback ping',
      request: { hostname: '127.0.0.1', pingCount: 2, ipFamily: 'IPv4', assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '1000' }] },
      frequency: 1,
      frequencyOffset: 5,
      tags: ['prod', 'net'],
      groupId: group.id,
      degradedPacketLossThreshold: 30,
      maxPacketLossThreshold: 60,
      retryStrategy: { type: 'LINEAR', baseBackoffSeconds: 10, maxRetries: 1, maxDurationSeconds: 60, sameRegion: true },
      triggerIncident: null,
      description: 'Pings the loopback',
      environmentVariables: [{ key: 'A', value: 'b' }],
      doubleCheck: false,
    });
    const icmpMin = await this.call('POST', '/v1/checks/icmp', {}, { name: 'Bare ping', request: { hostname: '127.0.0.1', pingCount: 1 }, doubleCheck: false }, '?autoAssignAlerts=false');
    const icmpFast = await this.call('POST', '/v1/checks/icmp', {}, { name: 'Fast ping', request: { hostname: '127.0.0.1', pingCount: 1 }, frequency: 0, doubleCheck: false }, '?autoAssignAlerts=false');
    await this.call('PUT', '/v1/checks/icmp/{id}', { id: icmpMin.id }, { name: 'Bare ping 2', request: { hostname: '127.0.0.1', pingCount: 1 } });
    const traceroute = await this.call('POST', '/v1/checks/traceroute', {}, {
      name: 'Loopback route',
      request: { url: 'http://127.0.0.1:9', protocol: 'ICMP', maxHops: 3, timeout: 2, ptrLookup: false, assertions: [{ source: 'HOP_COUNT', comparison: 'LESS_THAN', target: '10' }] },
      doubleCheck: false,
    });
    await this.call('PUT', '/v1/checks/traceroute/{id}', { id: traceroute.id }, { name: 'Loopback route 2' });
    await this.call('POST', '/v1/checks/traceroute', {}, { name: 'Bare route', request: { url: '127.0.0.1' }, activated: false }, '?autoAssignAlerts=false');
    const multiPass = await this.call('POST', '/v1/checks/multistep', {}, {
      name: 'Script passes',
      script: PASSING_SCRIPT,
      scriptPath: 'tests/home.spec.ts',
      dependencies: [{ path: 'tests/util.ts', content: 'export const x = 1;' }],
      environmentVariables: [{ key: 'S', value: 'hidden', secret: true }],
      runtimeId: '2025.04',
      alertSettings: { escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 5 }, reminders: { amount: 1, interval: 5 } },
      useGlobalAlertSettings: false,
      doubleCheck: false,
    });
    const multiFail = await this.call('POST', '/v1/checks/multistep', {}, { name: 'Script fails', script: FAILING_SCRIPT, doubleCheck: false }, '?autoAssignAlerts=false');
    await this.call('PUT', '/v1/checks/multistep/{id}', { id: multiPass.id }, { name: 'Script passes 2' });
    if (this.has('POST', '/v1/checks')) {
      const generic = await this.call('POST', '/v1/checks', {}, { name: 'Generic ping', checkType: 'ICMP', request: { hostname: '127.0.0.1' }, doubleCheck: false }, '?autoAssignAlerts=false');
      await this.callIf('PUT', '/v1/checks/{id}', { id: generic.id }, { name: 'Generic ping 2' });
    }

    // A failing ICMP check that retries (ATTEMPT results) and opens an incident on its service.
    const incidentService = await this.call('POST', '/v1/status-pages/services', {}, { name: 'Loopback' });
    const icmpFailing = await this.call('POST', '/v1/checks/icmp', {}, {
      name: 'Failing ping',
      request: { hostname: '127.0.0.1', pingCount: 1, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '-1' }] },
      retryStrategy: { type: 'FIXED', baseBackoffSeconds: 0, maxRetries: 1, maxDurationSeconds: 60, sameRegion: true },
      triggerIncident: { serviceId: incidentService.id, severity: 'MINOR', name: 'Loopback fails', description: 'Ping assertion failed', notifySubscribers: false },
      alertSettings: null,
      useGlobalAlertSettings: true,
      runtimeId: '2024.09',
      locations: ['eu-west-1', 'us-east-1'],
      doubleCheck: false,
    });

    // Runs: ICMP to 127.0.0.1, traceroute, a passing and a failing script.
    const runIds = [icmpFull.id, icmpMin.id, icmpFailing.id, traceroute.id, multiPass.id, multiFail.id];
    const triggered = await this.call('POST', '/v1/check-sessions/trigger', {}, { target: { checkId: runIds } });
    const sessions = triggered.sessions as Json[];
    for (const session of sessions) {
      await this.call('GET', '/v1/check-sessions/{checkSessionId}/completion', { checkSessionId: session.checkSessionId }, undefined, '?maxWaitSeconds=30');
      await this.call('GET', '/v1/check-sessions/{checkSessionId}', { checkSessionId: session.checkSessionId });
    }
    const byCheck = new Map(sessions.map((s) => [s.checkId as string, s.checkSessionId as string]));
    for (const checkId of runIds) {
      const list = (await this.call('GET', '/v1/check-results/{checkId}', { checkId }, undefined, '?resultType=ALL')) as unknown as Json[];
      for (const result of list.slice(0, 2)) {
        await this.call('GET', '/v1/check-results/{checkId}/{checkResultId}', { checkId, checkResultId: result.id });
        await this.callIf('GET', '/v1/check-results/{checkId}/{checkResultId}/assets', { checkId, checkResultId: result.id });
      }
      await this.callIf('GET', '/v2/check-results/{checkId}', { checkId });
      const sessionId = byCheck.get(checkId);
      if (sessionId) {
        await this.callIf('GET', '/v2/check-sessions/{checkSessionId}', { checkSessionId: sessionId });
        await this.callIf('GET', '/v2/check-sessions/{checkSessionId}/completion', { checkSessionId: sessionId }, undefined, '?maxWaitSeconds=5');
      }
    }
    if (this.has('POST', '/v2/check-sessions/trigger')) {
      const v2 = await this.call('POST', '/v2/check-sessions/trigger', {}, { target: { checkId: [icmpMin.id] } });
      for (const session of (v2.sessions as Json[] | undefined) ?? []) {
        await this.callIf('GET', '/v2/check-sessions/{checkSessionId}/completion', { checkSessionId: session.checkSessionId }, undefined, '?maxWaitSeconds=30');
      }
    }
    const running = await this.call('POST', '/v1/check-sessions/trigger', {}, { target: { checkId: [icmpFast.id] } });
    await this.call('POST', '/v1/check-sessions/{checkSessionId}/cancel', { checkSessionId: running.sessions[0].checkSessionId });
    await this.call('GET', '/v1/check-statuses');
    await this.call('GET', '/v1/check-statuses/{checkId}', { checkId: icmpFull.id });

    // Reads of checks and groups once they have run.
    await this.call('GET', '/v1/checks');
    await this.call('GET', '/v1/checks', {}, undefined, '?limit=2&page=2');
    await this.call('GET', '/v1/checks', {}, undefined, '?checkType=MULTI_STEP');
    await this.call('GET', '/v1/checks', {}, undefined, '?tag=prod&search=ping');
    await this.call('GET', '/v1/check-results/{checkId}', { checkId: icmpFailing.id }, undefined, '?resultType=ATTEMPT&hasFailures=true');
    await this.call('GET', '/v1/check-results/{checkId}', { checkId: icmpFailing.id }, undefined, '?limit=1&page=2&location=eu-west-1');
    for (const check of [icmpFull, icmpMin, icmpFast, traceroute, multiPass, multiFail]) {
      await this.call('GET', '/v1/checks/{id}', { id: check.id });
      await this.callIf('GET', '/v2/checks/{id}', { id: check.id });
      await this.callIf('GET', '/v3/checks/{id}', { id: check.id });
    }
    await this.callIf('GET', '/v2/checks');
    await this.callIf('GET', '/v3/checks');
    await this.call('GET', '/v1/check-groups');
    await this.call('GET', '/v1/check-groups', {}, undefined, '?limit=1&page=1&tag=edge');
    for (const g of [group, minimalGroup]) {
      await this.call('GET', '/v1/check-groups/{id}', { id: g.id });
      await this.call('GET', '/v1/check-groups/{id}/checks', { id: g.id });
      await this.callIf('GET', '/v2/check-groups/{id}/checks', { id: g.id });
    }
    await this.callIf('GET', '/v1/check-groups/{groupId}/checks/{checkId}', { groupId: group.id, checkId: icmpFull.id });
    await this.callIf('GET', '/v2/check-groups/{groupId}/checks/{checkId}', { groupId: group.id, checkId: icmpFull.id });

    // Channels once checks exist: reads, updates, subscriptions, notifications.
    await this.call('GET', '/v1/alert-channels');
    await this.call('GET', '/v1/alert-channels', {}, undefined, '?limit=3&page=2');
    for (const channel of channels) await this.call('GET', '/v1/alert-channels/{id}', { id: channel.id });
    await this.call('PUT', '/v1/alert-channels/{id}', { id: channels[0].id }, { type: 'EMAIL', config: { address: 'oncall@example.com' }, subscriptions: [{ checkId: icmpFull.id, activated: true }, { groupId: group.id, activated: false }] });
    await this.call('PUT', '/v1/alert-channels/{id}/subscriptions', { id: channels[1].id }, { checkId: icmpMin.id, activated: true });
    // Deliveries that fail at once (nothing listens on port 9; no SMTP server is set), so the listing has rows.
    for (const channel of channels.slice(0, 4)) {
      const sent = await this.server.api('POST', `/v1/alert-channels/${channel.id}/test`);
      expect(sent.status, sent.text).toBe(201);
    }
    await this.call('GET', '/v1/alert-notifications');
    await this.call('GET', '/v1/alert-notifications', {}, undefined, `?limit=5&page=1&hasFailures=true&alertChannelId=${channels[0].id}`);

    // Status pages: services, incidents, updates.
    const service = await this.call('POST', '/v1/status-pages/services', {}, { name: 'API' });
    const other = await this.call('POST', '/v1/status-pages/services', {}, { name: 'Web' });
    await this.call('GET', '/v1/status-pages/services');
    await this.call('GET', '/v1/status-pages/services/{serviceId}', { serviceId: service.id });
    await this.call('PUT', '/v1/status-pages/services/{serviceId}', { serviceId: other.id }, { name: 'Website' });
    const incident = await this.call('POST', '/v1/status-pages/incidents', {}, {
      name: 'API is slow',
      severity: 'MAJOR',
      services: [{ id: service.id, name: service.name, accountId: account.id }],
      incidentUpdates: [{ description: 'Looking into it', status: 'INVESTIGATING', notifySubscribers: false }],
    });
    await this.call('GET', '/v1/status-pages/incidents');
    const firstPage = await this.call('GET', '/v1/status-pages/incidents', {}, undefined, '?limit=1');
    if (firstPage.nextId) await this.call('GET', '/v1/status-pages/incidents', {}, undefined, `?limit=1&nextId=${encodeURIComponent(firstPage.nextId as string)}`);
    await this.call('GET', '/v1/status-pages/services', {}, undefined, '?paginated=false');
    await this.call('GET', '/v1/status-pages/services', {}, undefined, '?limit=1');
    await this.call('GET', '/v1/status-pages/incidents/{incidentId}', { incidentId: incident.id });
    await this.call('PUT', '/v1/status-pages/incidents/{incidentId}', { incidentId: incident.id }, { name: 'API is slower', severity: 'CRITICAL', services: [{ id: service.id, name: service.name, accountId: account.id }, { id: other.id, name: 'Website', accountId: account.id }] });
    const update = await this.call('POST', '/v1/status-pages/incidents/{incidentId}/incident-updates', { incidentId: incident.id }, { description: 'Found it', status: 'IDENTIFIED', notifySubscribers: false });
    await this.call('GET', '/v1/status-pages/incidents/{incidentId}/incident-updates', { incidentId: incident.id });
    await this.call('GET', '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}', { incidentId: incident.id, incidentUpdateId: update.id });
    await this.call('PUT', '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}', { incidentId: incident.id, incidentUpdateId: update.id }, { description: 'Found the cause', status: 'RESOLVED' });
    await this.call('GET', '/v1/status-pages/incidents/{incidentId}', { incidentId: incident.id });
    await this.call('DELETE', '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}', { incidentId: incident.id, incidentUpdateId: update.id });
    await this.callIf('PATCH', '/v1/status-pages/incidents/{incidentId}', { incidentId: incident.id }, { severity: 'MINOR' });
    await this.call('DELETE', '/v1/status-pages/incidents/{incidentId}', { incidentId: incident.id });
    await this.call('DELETE', '/v1/status-pages/services/{serviceId}', { serviceId: other.id });

    // Members.
    const invited = await this.server.api('POST', '/v1/accounts/me/invites', { email: 'grace@example.com', role: 'READ_ONLY', name: 'Grace' });
    expect(invited.status, invited.text).toBe(201);
    await this.call('GET', '/v1/accounts/me/members');
    await this.call('GET', '/v1/accounts/{accountId}/members', { accountId: account.id });
    await this.call('GET', '/v1/accounts/me/members', {}, undefined, '?type=invite&status=PENDING');
    await this.call('GET', '/v1/accounts/me/members', {}, undefined, '?role=OWNER&limit=1');
    const added = await this.server.api('POST', '/v1/accounts/me/members', { name: 'Ada', email: 'ada@example.com', role: 'READ_WRITE' });
    expect(added.status, added.text).toBe(201);
    const memberId = added.body.userId as string;
    await this.call('PATCH', '/v1/accounts/me/members/{userId}', { userId: memberId }, { role: 'READ_ONLY' });
    await this.call('PATCH', '/v1/accounts/{accountId}/members/{userId}', { accountId: account.id, userId: memberId }, { role: 'READ_WRITE' });
    await this.call('DELETE', '/v1/accounts/{accountId}/members/{userId}', { accountId: account.id, userId: memberId });
    const again = await this.server.api('POST', '/v1/accounts/me/members', { name: 'Bob', email: 'bob@example.com', role: 'READ_ONLY' });
    await this.call('DELETE', '/v1/accounts/me/members/{userId}', { userId: again.body.userId as string });

    // Deletes last.
    await this.call('DELETE', '/v1/alert-channels/{id}', { id: channels[channels.length - 1].id });
    await this.call('DELETE', '/v1/checks/{id}', { id: icmpFast.id });
    await this.call('DELETE', '/v1/private-locations/{id}', { id: minimalLocation.id });
    await this.call('DELETE', '/v1/check-groups/{id}', { id: minimalGroup.id });
  }
}
