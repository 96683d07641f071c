import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS, RUNTIME_IDS } from '../../src-shared/enums';
import { API_ASSERTION_COMPARISONS, API_ASSERTION_SOURCES } from '../../src-shared/schemas/check-group';
import { startServer, type TestServer } from '../helpers/server';
import { createGroup, type Body } from './helpers';

const envVars = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `VAR_${i}`, value: 'v' }));
const defaults = (extra: Body) => ({ apiCheckDefaults: extra });
const assertion = (extra: Body) => defaults({ assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200', ...extra }] });
const alertSettings = (extra: Body) => ({ alertSettings: { escalationType: 'RUN_BASED', ...extra } });
const retry = (extra: Body) => ({ retryStrategy: { type: 'FIXED', ...extra } });

/** [what is wrong, members merged over {name}, the field path the message must name] */
const REJECTED: [string, Body, string][] = [
  ['name empty', { name: '' }, 'name'],
  ['name null', { name: null }, 'name'],
  ['name a number', { name: 7 }, 'name'],
  ['activated a string', { activated: 'true' }, 'activated'],
  ['activated null', { activated: null }, 'activated'],
  ['muted a number', { muted: 1 }, 'muted'],
  ['tags not an array', { tags: 'prod' }, 'tags'],
  ['tag empty', { tags: ['ok', ''] }, 'tags[1]'],
  ['locations unknown region', { locations: ['mars-north-1'] }, 'locations[0]'],
  ['locations null', { locations: null }, 'locations'],
  ['concurrency 0', { concurrency: 0 }, 'concurrency'],
  ['concurrency negative', { concurrency: -3 }, 'concurrency'],
  ['concurrency fractional', { concurrency: 2.5 }, 'concurrency'],
  ['concurrency a string', { concurrency: '3' }, 'concurrency'],
  ['apiCheckDefaults a string', { apiCheckDefaults: 'https://x' }, 'apiCheckDefaults'],
  ['apiCheckDefaults null', { apiCheckDefaults: null }, 'apiCheckDefaults'],
  ['apiCheckDefaults.url a number', defaults({ url: 5 }), 'apiCheckDefaults.url'],
  ['header without key', defaults({ headers: [{ value: 'x' }] }), 'apiCheckDefaults.headers[0].key'],
  ['header key empty', defaults({ headers: [{ key: '', value: 'x' }] }), 'apiCheckDefaults.headers[0].key'],
  ['header without value', defaults({ headers: [{ key: 'X' }] }), 'apiCheckDefaults.headers[0].value'],
  ['query parameter value a number', defaults({ queryParameters: [{ key: 'page', value: 1 }] }), 'apiCheckDefaults.queryParameters[0].value'],
  ['assertion source unknown', assertion({ source: 'LATENCY' }), 'apiCheckDefaults.assertions[0].source'],
  ['assertion without source', defaults({ assertions: [{ comparison: 'EQUALS' }] }), 'apiCheckDefaults.assertions[0].source'],
  ['assertion comparison unknown', assertion({ comparison: 'MATCHES' }), 'apiCheckDefaults.assertions[0].comparison'],
  ['assertion target a number', assertion({ target: 200 }), 'apiCheckDefaults.assertions[0].target'],
  ['basicAuth username a number', defaults({ basicAuth: { username: 1, password: '' } }), 'apiCheckDefaults.basicAuth.username'],
  ['basicAuth a string', defaults({ basicAuth: 'admin:pw' }), 'apiCheckDefaults.basicAuth'],
  // The reference requires both members of a given basicAuth.
  ['basicAuth without password', defaults({ basicAuth: { username: 'u' } }), 'apiCheckDefaults.basicAuth.password'],
  ['basicAuth without username', defaults({ basicAuth: { password: 'p' } }), 'apiCheckDefaults.basicAuth.username'],
  ['browserCheckDefaults an object', { browserCheckDefaults: {} }, 'browserCheckDefaults'],
  ['runtimeId unknown', { runtimeId: '2021.01' }, 'runtimeId'],
  ['environmentVariables 101', { environmentVariables: envVars(101) }, 'environmentVariables'],
  ['environment variable without key', { environmentVariables: [{ value: 'v' }] }, 'environmentVariables[0].key'],
  ['environment variable key empty', { environmentVariables: [{ key: '', value: 'v' }] }, 'environmentVariables[0].key'],
  ['environment variable without value', { environmentVariables: [{ key: 'K' }] }, 'environmentVariables[0].value'],
  ['subscription without activated', { alertChannelSubscriptions: [{ alertChannelId: 1 }] }, 'alertChannelSubscriptions[0].activated'],
  ['subscription without alertChannelId', { alertChannelSubscriptions: [{ activated: true }] }, 'alertChannelSubscriptions[0].alertChannelId'],
  ['subscription id a string', { alertChannelSubscriptions: [{ alertChannelId: '1', activated: true }] }, 'alertChannelSubscriptions[0].alertChannelId'],
  ['setupSnippetId fractional', { setupSnippetId: 1.5 }, 'setupSnippetId'],
  ['tearDownSnippetId a string', { tearDownSnippetId: '3' }, 'tearDownSnippetId'],
  ['localSetupScript a number', { localSetupScript: 1 }, 'localSetupScript'],
  ['localTearDownScript an array', { localTearDownScript: [] }, 'localTearDownScript'],
  ['privateLocations item empty', { privateLocations: [''] }, 'privateLocations[0]'],
  ['privateLocations a string', { privateLocations: 'dc' }, 'privateLocations'],
  ['runParallel a string', { runParallel: 'yes' }, 'runParallel'],
  ['escalationType unknown', alertSettings({ escalationType: 'SOMETIMES' }), 'alertSettings.escalationType'],
  ['failedRunThreshold 0', alertSettings({ runBasedEscalation: { failedRunThreshold: 0 } }), 'alertSettings.runBasedEscalation.failedRunThreshold'],
  ['failedRunThreshold 6', alertSettings({ runBasedEscalation: { failedRunThreshold: 6 } }), 'alertSettings.runBasedEscalation.failedRunThreshold'],
  ['minutesFailingThreshold 20', alertSettings({ timeBasedEscalation: { minutesFailingThreshold: 20 } }), 'alertSettings.timeBasedEscalation.minutesFailingThreshold'],
  ['reminders amount 6', alertSettings({ reminders: { amount: 6 } }), 'alertSettings.reminders.amount'],
  ['reminders interval 6', alertSettings({ reminders: { interval: 6 } }), 'alertSettings.reminders.interval'],
  ['parallel percentage 15', alertSettings({ parallelRunFailureThreshold: { percentage: 15 } }), 'alertSettings.parallelRunFailureThreshold.percentage'],
  ['retryStrategy another string', { retryStrategy: 'NEVER' }, 'retryStrategy'],
  ['retryStrategy lower-case fallback', { retryStrategy: 'fallback' }, 'retryStrategy'],
  ['retryStrategy null', { retryStrategy: null }, 'retryStrategy'],
  ['retryStrategy without type', { retryStrategy: { maxRetries: 2 } }, 'retryStrategy'],
  ['retryStrategy type unknown', retry({ type: 'RANDOM' }), 'retryStrategy'],
  ['maxRetries 0', retry({ maxRetries: 0 }), 'retryStrategy.maxRetries'],
  ['maxRetries 11', retry({ maxRetries: 11 }), 'retryStrategy.maxRetries'],
  ['maxDurationSeconds -1', retry({ maxDurationSeconds: -1 }), 'retryStrategy.maxDurationSeconds'],
  ['maxDurationSeconds 601', retry({ maxDurationSeconds: 601 }), 'retryStrategy.maxDurationSeconds'],
  ['onlyOn unknown', retry({ onlyOn: ['TIMEOUT'] }), 'retryStrategy'],
  ['useGlobalAlertSettings a string', { useGlobalAlertSettings: 'true' }, 'useGlobalAlertSettings'],
  ['doubleCheck a string', { doubleCheck: 'false' }, 'doubleCheck'],
  ['doubleCheck null', { doubleCheck: null }, 'doubleCheck'],
];

/** [what is at its boundary, members merged over {name}, what the answer must hold] */
const ACCEPTED: [string, Body, Body][] = [
  ['name of one character', { name: 'x' }, { name: 'x' }],
  ['concurrency 1', { concurrency: 1 }, { concurrency: 1 }],
  ['concurrency 1000', { concurrency: 1000 }, { concurrency: 1000 }],
  ['every location', { locations: [...LOCATIONS] }, { locations: [...LOCATIONS] }],
  ['environmentVariables 100', { environmentVariables: envVars(100) }, { environmentVariables: envVars(100).map((v) => ({ ...v, locked: false, secret: false })) }],
  ['environmentVariables null', { environmentVariables: null }, { environmentVariables: null }],
  ['environment variable value null', { environmentVariables: [{ key: 'K', value: null }] }, { environmentVariables: [{ key: 'K', value: null, locked: false, secret: false }] }],
  ['privateLocations null', { privateLocations: null }, { privateLocations: null }],
  ['privateLocations one character', { privateLocations: ['d'] }, { privateLocations: ['d'] }],
  ['runParallel null', { runParallel: null }, { runParallel: null }],
  ['useGlobalAlertSettings true', { useGlobalAlertSettings: true }, { useGlobalAlertSettings: true }],
  ['alertSettings null', { alertSettings: null }, { alertSettings: null }],
  ['failedRunThreshold 5', alertSettings({ runBasedEscalation: { failedRunThreshold: 5 } }), { alertSettings: { runBasedEscalation: { failedRunThreshold: 5 } } }],
  ['reminders amount 100000', alertSettings({ reminders: { amount: 100000, interval: 30 } }), { alertSettings: { reminders: { amount: 100000, interval: 30 } } }],
  ['parallel percentage 100', alertSettings({ parallelRunFailureThreshold: { enabled: true, percentage: 100 } }), { alertSettings: { parallelRunFailureThreshold: { enabled: true, percentage: 100 } } }],
  ['retryStrategy FALLBACK', { retryStrategy: 'FALLBACK' }, { retryStrategy: 'FALLBACK' }],
  ['maxRetries 1 and maxDurationSeconds 0', retry({ maxRetries: 1, maxDurationSeconds: 0 }), { retryStrategy: { type: 'FIXED', maxRetries: 1, maxDurationSeconds: 0, baseBackoffSeconds: 60, sameRegion: true } }],
  ['maxRetries 10 and maxDurationSeconds 600', retry({ maxRetries: 10, maxDurationSeconds: 600 }), { retryStrategy: { maxRetries: 10, maxDurationSeconds: 600 } }],
  ['apiCheckDefaults.url null', defaults({ url: null }), { apiCheckDefaults: { url: null } }],
  ['basicAuth null', defaults({ basicAuth: null }), { apiCheckDefaults: { basicAuth: null } }],
  ['snippet ids null', { setupSnippetId: null, tearDownSnippetId: null }, { setupSnippetId: null, tearDownSnippetId: null }],
];

describe('check group validation', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 100_000 } });
    // privateLocations must name the account's own locations
    expect((await server.api('POST', '/v1/private-locations', { name: 'D', slugName: 'd' })).status).toBe(201);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(REJECTED)('POST rejects %s with 400 naming the field', async (_what, members, field) => {
    const res = await server.api('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'Valid', ...members });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.message).toContain(`${field}:`);
  });

  it.each(REJECTED)('PUT rejects %s with 400 and changes nothing', async (_what, members, field) => {
    const group = await createGroup(server, { name: 'Stable' }, '?autoAssignAlerts=false');
    const res = await server.api('PUT', `/v2/check-groups/${group.id}`, { name: 'Stable', ...members });
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toContain(`${field}:`);
    expect((await server.api('GET', `/v1/check-groups/${group.id}`)).body).toEqual(group);
  });

  it.each(ACCEPTED)('POST accepts %s', async (_what, members, expected) => {
    const res = await server.api('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'Valid', ...members });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject(expected);
  });

  it('rejects a missing name on create and on PUT (the reference requires it on both)', async () => {
    const res = await server.api('POST', '/v2/check-groups', { tags: ['x'] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('name:');
    const group = await createGroup(server);
    const put = await server.api('PUT', `/v2/check-groups/${group.id}`, { tags: ['x'] });
    expect(put.status).toBe(400);
    expect(put.body.message).toContain('name:');
    expect((await server.api('GET', `/v1/check-groups/${group.id}`)).body).toEqual(group);
    expect((await server.api('PUT', `/v2/check-groups/${group.id}`, { name: group.name, tags: ['x'] })).status).toBe(200);
  });

  it('rejects bodies that are not a JSON object', async () => {
    for (const body of ['[]', '"group"', 'null', '42', '{"name":']) {
      const res = await server.api('POST', '/v2/check-groups', body);
      expect(res.status, body).toBe(400);
      expect(res.body.statusCode).toBe(400);
    }
  });

  it('accepts every runtime, null, and every assertion source and comparison', async () => {
    for (const runtimeId of [...RUNTIME_IDS, null]) {
      expect((await server.api('POST', '/v2/check-groups', { name: 'rt', runtimeId })).status).toBe(201);
    }
    const assertions = API_ASSERTION_SOURCES.flatMap((source) => API_ASSERTION_COMPARISONS.map((comparison) => ({ source, comparison })));
    const res = await server.api('POST', '/v2/check-groups', { name: 'assertions', apiCheckDefaults: { assertions } });
    expect(res.status).toBe(201);
    expect(res.body.apiCheckDefaults.assertions).toHaveLength(assertions.length);
  });

  it('a PUT merges apiCheckDefaults member by member and re-validates the whole', async () => {
    const group = await createGroup(server, { apiCheckDefaults: { url: 'https://a.test', headers: [{ key: 'A', value: '1' }] } });
    const ok = await server.api('PUT', `/v2/check-groups/${group.id}`, { name: group.name, apiCheckDefaults: { basicAuth: { username: 'u', password: 'p' } } });
    expect(ok.body.apiCheckDefaults).toEqual({
      url: 'https://a.test',
      headers: [{ key: 'A', value: '1', locked: false }],
      queryParameters: [],
      assertions: [],
      basicAuth: { username: 'u', password: '*****' },
    });
  });
});
