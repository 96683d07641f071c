import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src-main/db/repositories/accounts';
import { createAnyCheck } from '../../src-main/services/checks';
import { triggerTestSession } from '../../src-main/services/test-sessions';
import { addMemberWithKey } from '../accounts/helpers';
import { rawRequest } from '../http/raw';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { trpcClient, trpcCode } from '../helpers/trpc';

interface SessionRead {
  checkSessionId: string;
  checkId: string;
  name: string;
  status: string;
  runSource: string;
  results: { resultType: string; hasFailures: boolean }[];
}

/** The v2 check-session and check-result operations, test sessions, and the `!tag` negation, over real ICMP runs on 127.0.0.1. */
describe('v2 check sessions, v2 check results and test sessions (REST)', { timeout: 120_000 }, () => {
  let server: TestServer;
  const ids: Record<string, string> = {};

  const create = async (path: string, body: Record<string, unknown>): Promise<string> => {
    const created = await server.api('POST', `${path}?autoAssignAlerts=false`, body);
    expect(created.status, created.text).toBe(201);
    return created.body.id as string;
  };

  const completed = async (version: 'v1' | 'v2', sessionId: string): Promise<SessionRead> => {
    for (;;) {
      const done = await server.api('GET', `/${version}/check-sessions/${sessionId}/completion?maxWaitSeconds=30`);
      if (done.status === 200) return done.body as SessionRead;
      expect(done.status, done.text).toBe(408);
    }
  };

  const triggerV2 = async (target?: Record<string, unknown>) => server.api('POST', '/v2/check-sessions/trigger', target === undefined ? {} : { target });

  beforeAll(async () => {
    server = await startServer();
    const group = await server.api('POST', '/v2/check-groups', { name: 'Edge', tags: ['edge'], locations: [], concurrency: 3 });
    expect(group.status, group.text).toBe(201);
    ids.prodNet = await create('/v1/checks/icmp', icmpBody({ name: 'prod net', pingCount: 1, tags: ['prod', 'net'] }));
    ids.prod = await create('/v1/checks/icmp', icmpBody({ name: 'prod only', pingCount: 1, tags: ['prod'] }));
    ids.grouped = await create('/v1/checks/icmp', icmpBody({ name: 'in edge group', pingCount: 1, tags: ['lab'], groupId: group.body.id }));
  });

  afterAll(async () => {
    await server?.stop();
  });

  const triggeredNames = async (matchTags: string[][]): Promise<string[]> => {
    const response = await triggerV2({ matchTags });
    expect(response.status, response.text).toBe(201);
    const sessions = response.body.sessions as SessionRead[];
    await Promise.all(sessions.map((s) => completed('v2', s.checkSessionId)));
    return sessions.map((s) => s.name).sort();
  };

  it('matchTags: inner lists are AND, the outer list OR, `!tag` excludes, and group tags match', async () => {
    expect(await triggeredNames([['prod', '!net']])).toEqual(['prod only']);
    expect(await triggeredNames([['prod']])).toEqual(['prod net', 'prod only']);
    expect(await triggeredNames([['net'], ['lab']])).toEqual(['in edge group', 'prod net']);
    expect(await triggeredNames([['edge']])).toEqual(['in edge group']);
    expect(await triggeredNames([['!prod']])).toEqual(['in edge group']);
    // The same rule on v1.
    const v1 = await server.api('POST', '/v1/check-sessions/trigger', { target: { matchTags: [['prod', '!net']] } });
    expect(v1.status, v1.text).toBe(201);
    expect((v1.body.sessions as SessionRead[]).map((s) => s.name)).toEqual(['prod only']);
    await completed('v1', v1.body.sessions[0].checkSessionId);
  });

  it('POST /v2/check-sessions/trigger answers 201 with sessions; GET and completion read them back', async () => {
    const response = await triggerV2({ checkId: [ids.prod] });
    expect(response.status, response.text).toBe(201);
    const [session] = response.body.sessions as SessionRead[];
    expect(session).toMatchObject({ checkId: ids.prod, name: 'prod only', runSource: 'TRIGGER_API' });
    const done = await completed('v2', session.checkSessionId);
    expect(done.status).toBe('PASSED');
    expect(done.results.filter((r) => r.resultType === 'FINAL')).toHaveLength(1);
    const read = await server.api('GET', `/v2/check-sessions/${session.checkSessionId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ checkSessionId: session.checkSessionId, status: 'PASSED' });
  });

  it('refuses bad input with 400 naming the field, and answers 404 when nothing matches or the session is unknown', async () => {
    const bad = await triggerV2({ checkId: ['not-a-uuid'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('checkId');
    const none = await triggerV2({ matchTags: [['no-check-has-this']] });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('No matching checks found.');
    const wait = await server.api('GET', `/v2/check-sessions/${randomUUID()}/completion?maxWaitSeconds=31`);
    expect(wait.status).toBe(400);
    expect(wait.body.message).toContain('maxWaitSeconds');
    expect((await server.api('GET', `/v2/check-sessions/${randomUUID()}`)).status).toBe(404);
  });

  it('GET /v2/check-results/{checkId} lists newest first as {length, entries, nextId}, pages by nextId and projects fields', async () => {
    const first = await server.api('GET', `/v2/check-results/${ids.prod}?limit=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.length).toBe(2);
    expect(first.body.entries).toHaveLength(2);
    expect(typeof first.body.nextId).toBe('string');
    const [a, b] = first.body.entries as { startedAt: string; checkId: string; resultType: string }[];
    expect(Date.parse(a.startedAt)).toBeGreaterThanOrEqual(Date.parse(b.startedAt));
    expect(a).toMatchObject({ checkId: ids.prod, resultType: 'FINAL', hasFailures: false, runLocation: 'local' });
    const seen = new Set((first.body.entries as { id: string }[]).map((e) => e.id));
    let nextId: string | null = first.body.nextId;
    while (nextId) {
      const page = await server.api('GET', `/v2/check-results/${ids.prod}?limit=2&nextId=${encodeURIComponent(nextId)}`);
      expect(page.status, page.text).toBe(200);
      for (const entry of page.body.entries as { id: string }[]) {
        expect(seen.has(entry.id)).toBe(false);
        seen.add(entry.id);
      }
      nextId = page.body.nextId;
    }
    // prod only ran in the tag tests (3 times: [prod,!net], [prod], v1) and once by id.
    expect(seen.size).toBe(4);

    const projected = await server.api('GET', `/v2/check-results/${ids.prod}?limit=1&fields=id,startedAt,runLocation,hasFailures`);
    expect(projected.status).toBe(200);
    expect(Object.keys(projected.body.entries[0]).sort()).toEqual(['hasFailures', 'id', 'runLocation', 'startedAt']);
    const aliased = await server.api('GET', `/v2/check-results/${ids.prod}?limit=1&fields=id&fields=createdAt`);
    expect(aliased.status).toBe(200);
    expect(aliased.body.entries[0]).toEqual({ id: first.body.entries[0].id, createdAt: (first.body.entries[0] as { created_at: string }).created_at });
  });

  it('GET /v2/check-results/{checkId} refuses an unknown field, a bad cursor and a limit past 100, and 404s an unknown check', async () => {
    const field = await server.api('GET', `/v2/check-results/${ids.prod}?fields=id,bogus`);
    expect(field.status).toBe(400);
    expect(field.body.message).toContain('fields');
    const cursor = await server.api('GET', `/v2/check-results/${ids.prod}?nextId=garbage`);
    expect(cursor.status).toBe(400);
    expect(cursor.body.message).toContain('nextId');
    const limit = await server.api('GET', `/v2/check-results/${ids.prod}?limit=101`);
    expect(limit.status).toBe(400);
    expect(limit.body.message).toContain('limit');
    expect((await server.api('GET', `/v2/check-results/${randomUUID()}`)).status).toBe(404);
  });

  it('a test session groups the check sessions of one trigger; it is listed, read back and awaited', async () => {
    const triggered = await server.api('POST', '/next/test-sessions/trigger', { name: 'Release 42', targetTags: [['prod']], checkRunSuiteId: randomUUID() });
    expect(triggered.status, triggered.text).toBe(201);
    const { testSessionId, checks, sequenceIds } = triggered.body as { testSessionId: string; checks: { id: string; name: string }[]; sequenceIds: Record<string, string> };
    expect(checks.map((c) => c.name).sort()).toEqual(['prod net', 'prod only']);
    expect(Object.keys(sequenceIds).sort()).toEqual([ids.prod, ids.prodNet].sort());

    let done;
    for (;;) {
      done = await server.api('GET', `/v1/test-sessions/${testSessionId}/completion?maxWaitSeconds=30`);
      if (done.status === 200) break;
      expect(done.status, done.text).toBe(408);
    }
    expect(done.body).toMatchObject({ testSessionId, name: 'Release 42', status: 'PASSED', provider: 'TRIGGER' });
    expect(done.body.results.map((r: { status: string; resultType: string }) => [r.status, r.resultType])).toEqual([
      ['PASSED', 'FINAL'],
      ['PASSED', 'FINAL'],
    ]);
    // The run's check sessions are ordinary sessions too, with the trigger's run source.
    const session = await server.api('GET', `/v1/check-sessions/${sequenceIds[ids.prod]}`);
    expect(session.body).toMatchObject({ runSource: 'TRIGGER_RECORD', status: 'PASSED' });

    const list = await server.api('GET', '/v1/test-sessions?limit=1');
    expect(list.status).toBe(200);
    expect(list.body.entries).toHaveLength(1);
    expect(list.body.entries[0]).toMatchObject({ id: testSessionId, name: 'Release 42', status: 'PASSED', passed: expect.arrayContaining([ids.prod, ids.prodNet]) });
    // Both links open the console's test-session page, not the JSON API.
    expect(done.body.testSessionLink).toBe(`${server.url}/#/test-sessions/${testSessionId}`);
    const read = await server.api('GET', `/v1/test-sessions/${testSessionId}`);
    expect(read.body.testSessionLink).toBe(`${server.url}/#/test-sessions/${testSessionId}`);
    const link = await server.api('GET', `/next/test-sessions/${testSessionId}/link`);
    expect(link.body.link).toBe(`${server.url}/#/test-sessions/${testSessionId}`);
    lastTestSessionId = testSessionId;
  });

  let lastTestSessionId = '';

  it('tRPC testSessions.get (the console page) answers what GET /v1/test-sessions/{id} does, to read-only keys too', async () => {
    const rest = await server.api('GET', `/v1/test-sessions/${lastTestSessionId}`);
    expect(rest.status, rest.text).toBe(200);
    const owner = await trpcClient(server.url, server.key).testSessions.get.query({ testSessionId: lastTestSessionId });
    expect(owner).toEqual(rest.body);
    const reader = await addMemberWithKey(server, 'READ_ONLY');
    const read = await trpcClient(server.url, reader.key).testSessions.get.query({ testSessionId: lastTestSessionId.toUpperCase() });
    expect(read).toMatchObject({ testSessionId: lastTestSessionId, name: 'Release 42', status: 'PASSED' });
    expect(read.results.map((r) => r.checkSessionId)).toEqual(rest.body.results.map((r: { checkSessionId: string }) => r.checkSessionId));
  });

  it('tRPC testSessions.get answers NOT_FOUND for unknown and malformed ids and for another account\'s test session', async () => {
    const trpc = trpcClient(server.url, server.key);
    expect(await trpcCode(trpc.testSessions.get.query({ testSessionId: randomUUID() }))).toBe('NOT_FOUND');
    expect(await trpcCode(trpc.testSessions.get.query({ testSessionId: '7e570000-0001-8000-8000-ffffffffffff' }))).toBe('NOT_FOUND');
    expect(await trpcCode(trpc.testSessions.get.query({ testSessionId: 'not-an-id' }))).toBe('NOT_FOUND');
    expect(await trpcCode(trpc.testSessions.get.query({ testSessionId: '' }))).toBe('BAD_REQUEST');
    expect(await trpcCode(trpcClient(server.url, null).testSessions.get.query({ testSessionId: lastTestSessionId }))).toBe('UNAUTHORIZED');

    // A second account exists only below the API (one account per install today): its check and test session are made by the services.
    const other = { ...server.backend.deps, accountId: randomUUID() };
    await insertAccount(other.db, { id: other.accountId, name: 'Neighbour', createdAt: new Date().toISOString(), maxChecks: null, alertSettings: null });
    const theirs = await createAnyCheck(other, { checkType: 'ICMP', ...icmpBody({ name: 'their ping', pingCount: 1 }) }, { autoAssignAlerts: false });
    const { testSessionId } = await triggerTestSession(other, { name: 'Theirs', checkId: [theirs.id] });
    expect(await trpcCode(trpc.testSessions.get.query({ testSessionId }))).toBe('NOT_FOUND');
    expect((await server.api('GET', `/v1/test-sessions/${testSessionId}`)).status).toBe(404);
  });

  it('the CLI\'s "Open session" address redirects (302, no key needed) to the console page testSessionLink names', async () => {
    const path = `/accounts/${server.backend.accountId}/test-sessions/${lastTestSessionId.toUpperCase()}`;
    const redirect = await rawRequest(server.url, { path });
    expect(redirect.status).toBe(302);
    const location = String(redirect.headers.location);
    expect(new URL(location, `${server.url}${path}`).href).toBe(`${server.url}/#/test-sessions/${lastTestSessionId}`);
    // Relative, so the browser stays on the address it used, below a reverse proxy's path prefix too.
    expect(new URL(location, `https://proxy.example.test/ops${path}`).href).toBe(`https://proxy.example.test/ops/#/test-sessions/${lastTestSessionId}`);
    // Any uuid-shaped id redirects: the console page says whether it exists, once signed in.
    expect((await rawRequest(server.url, { path: `/accounts/${randomUUID()}/test-sessions/${randomUUID()}` })).status).toBe(302);
  });

  it('the GitHub reporter\'s per-result address redirects to the same test-session page, which lists that result\'s check session', async () => {
    const resultId = randomUUID();
    const path = `/accounts/${server.backend.accountId}/test-sessions/${lastTestSessionId}/results/${resultId}`;
    const redirect = await rawRequest(server.url, { path });
    expect(redirect.status).toBe(302);
    expect(new URL(String(redirect.headers.location), `${server.url}${path}`).href).toBe(`${server.url}/#/test-sessions/${lastTestSessionId}`);
    expect(new URL(String(redirect.headers.location), `https://proxy.example.test/ops${path}`).href).toBe(`https://proxy.example.test/ops/#/test-sessions/${lastTestSessionId}`);
  });

  it('answers the server\'s usual 404 for an "Open session" address whose ids are not uuid-shaped', async () => {
    const unknownPath = await rawRequest(server.url, { path: '/no/such/path' });
    expect(unknownPath.status).toBe(404);
    for (const path of [
      `/accounts/${server.backend.accountId}/test-sessions/not-a-uuid`,
      `/accounts/me/test-sessions/${lastTestSessionId}`,
      `/accounts/${server.backend.accountId}/test-sessions/${lastTestSessionId}x`,
      `/accounts/${server.backend.accountId}/test-sessions/${lastTestSessionId}/results/not-a-uuid`,
      `/accounts/${server.backend.accountId}/test-sessions/${lastTestSessionId}/results/${randomUUID()}/more`,
    ]) {
      const answer = await rawRequest(server.url, { path });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.location, path).toBeUndefined();
      expect(answer.body, path).toEqual(unknownPath.body);
    }
  });

  it('a test-session trigger that matches nothing answers 403 ERR_NO_MATCHING_CHECKS (what the CLI looks for); unknown ids 404', async () => {
    const none = await server.api('POST', '/next/test-sessions/trigger', { targetTags: [['no-check-has-this']] });
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({ statusCode: 403, errorCode: 'ERR_NO_MATCHING_CHECKS', message: 'No matching checks found.' });
    const bad = await server.api('POST', '/next/test-sessions/trigger', { checkRunSuiteId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('checkRunSuiteId');
    expect((await server.api('GET', `/v1/test-sessions/${randomUUID()}`)).status).toBe(404);
    expect((await server.api('GET', '/v1/test-sessions?limit=0')).status).toBe(400);
  });
});
