import { expect } from 'vitest';
import type { TestServer } from '../helpers/server';

export type Body = Record<string, unknown>;

/** Every member a group created from `{name}` answers with, besides id and timestamps. */
export const GROUP_DEFAULTS = {
  activated: true,
  muted: false,
  tags: [],
  locations: [],
  concurrency: 3,
  apiCheckDefaults: { url: '', headers: [], queryParameters: [], assertions: [], basicAuth: { username: '', password: '' } },
  browserCheckDefaults: '',
  runtimeId: null,
  environmentVariables: [],
  alertChannelSubscriptions: [],
  dependsOn: [],
  setupSnippetId: null,
  tearDownSnippetId: null,
  localSetupScript: null,
  localTearDownScript: null,
  privateLocations: [],
  runParallel: false,
  alertSettings: {
    escalationType: 'RUN_BASED',
    runBasedEscalation: { failedRunThreshold: 1 },
    reminders: { amount: 0, interval: 5 },
    parallelRunFailureThreshold: { enabled: false, percentage: 10 },
  },
  retryStrategy: 'FALLBACK',
  useGlobalAlertSettings: null,
  doubleCheck: false,
  projectBindings: { owner: null, references: [] },
};

export async function createGroup(server: TestServer, body: Body = {}, query = ''): Promise<Body & { id: number }> {
  const res = await server.api('POST', `/v2/check-groups${query}`, { name: 'Group', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export async function createEmailChannel(server: TestServer, address = 'ops@example.com'): Promise<number> {
  const res = await server.api('POST', '/v1/alert-channels', { type: 'EMAIL', config: { address } });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** A member check: created through the API with groupId. */
export async function createMemberCheck(server: TestServer, groupId: number, extra: Body = {}, query = ''): Promise<Body & { id: string }> {
  const res = await server.api('POST', `/v1/checks/icmp${query}`, { name: 'Member ping', request: { hostname: '127.0.0.1' }, groupId, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
