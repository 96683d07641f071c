import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findCodeTestSession } from '../../src-main/db/repositories/code-test-sessions';
import { bindingsOfProject, findProjectByLogicalId } from '../../src-main/db/repositories/projects';
import { readAppSetting } from '../../src-main/db/repositories/settings';
import { listSubscribers } from '../../src-main/db/repositories/status-page-subscribers';
import type { ServiceContext } from '../../src-main/services/context';
import { recordTestResult, recordTestRun, type RecordedResult } from '../../src-main/services/test-runs/record';
import { storedTestSessions, TEST_SESSIONS_KEY } from '../../src-main/services/test-runs/stored-test-sessions';
import { mailboxOf } from '../../src-shared/rules/mailbox';
import { startPgBackends, type PgBackends } from '../helpers/pg-backends';
import { pingProject, postDeploy, testHookEnv } from '../helpers/ping-project';
import type { TestServer } from '../helpers/server';
import { addUpdate, createIncident, createService } from '../status-pages/fixtures';
import { createPage, subscribeFrom } from '../status-pages/public-fixtures';

/**
 * Issue 35, item 2 (the status page, project and test run rows of the race table): two servers on
 * one PostgreSQL take the same request at the same moment. Each answer is the one a single server
 * gives (its normal 409, 202 or 200, never the last guard's "stored at the same moment"), and the
 * stored rows are those of one request after the other.
 */
describe('status pages, projects and test runs written from two servers at once on PostgreSQL', () => {
  let team: PgBackends;
  let a: TestServer;
  let b: TestServer;
  const ROUNDS = 8;

  beforeAll(async () => {
    // Two backends in this process, each with its own pool: their transactions run at the same time.
    team = await startPgBackends('pages_projects', 2, { config: { rateLimitPerMinute: 1_000_000 } });
    [a, b] = team.servers as [TestServer, TestServer];
  }, 60_000);

  afterAll(async () => {
    await team?.stop();
  });

  const ctxOf = (server: TestServer): ServiceContext => ({ ...server.backend.deps, accountId: server.backend.accountId });

  it('two creates of one status page url: one page stored, the other answered the usual 409 naming the url', async () => {
    const service = await createService(a, 'Core');
    for (let round = 0; round < ROUNDS; round++) {
      const url = `race-${round}`;
      const body = { name: `Race ${round}`, url, cards: [{ name: 'Core', services: [{ id: service.id }] }] };
      const answers = await Promise.all([a.api('POST', '/v1/status-pages', body), b.api('POST', '/v1/status-pages', body)]);
      expect(answers.map((res) => res.status).sort(), answers.map((res) => res.text).join('\n')).toEqual([201, 409]);
      const refused = answers.find((res) => res.status === 409);
      expect(refused?.text).toContain(`a status page with the url \\"${url}\\" already exists`);
    }
    const pages = await a.api('GET', '/v1/status-pages?limit=100');
    expect(pages.status).toBe(200);
    const urls = (pages.body.entries as { url: string }[]).map((page) => page.url).filter((url) => url.startsWith('race-'));
    expect(urls.sort()).toEqual(Array.from({ length: ROUNDS }, (_, round) => `race-${round}`).sort());
  }, 30_000);

  it('two deletes of an incident’s two updates: one update is left, the other delete gets the usual refusal', async () => {
    const service = await createService(a, 'Incidents');
    for (let round = 0; round < ROUNDS; round++) {
      const incident = await createIncident(a, [service.id]);
      await addUpdate(a, incident.id, { description: 'Found it', status: 'IDENTIFIED' });
      const updates = await a.api('GET', `/v1/status-pages/incidents/${incident.id}/incident-updates`);
      const [first, second] = updates.body as { id: string }[];
      if (!first || !second) throw new Error('the incident does not have its two updates');
      const path = (id: string) => `/v1/status-pages/incidents/${incident.id}/incident-updates/${id}`;
      const answers = await Promise.all([a.api('DELETE', path(first.id)), b.api('DELETE', path(second.id))]);
      expect(answers.map((res) => res.status).sort(), answers.map((res) => res.text).join('\n')).toEqual([204, 409]);
      expect(answers.find((res) => res.status === 409)?.text).toContain('This is the only update of the incident');
      const left = await b.api('GET', `/v1/status-pages/incidents/${incident.id}/incident-updates`);
      expect(left.body).toHaveLength(1);
    }
  }, 30_000);

  it('one mailbox subscribing to one page through both servers at once: one subscription', async () => {
    const service = await createService(a, 'Public');
    const page = await createPage(a, 'race-subscribe', [{ name: 'Public', services: [service] }], { published: true });
    for (let round = 0; round < ROUNDS; round++) {
      // Two spellings of one mailbox (a tag each), from one visitor's address.
      const from = `127.0.9.${round + 1}`;
      const answers = await Promise.all([
        subscribeFrom(a, from, 'race-subscribe', `reader${round}+one@example.test`),
        subscribeFrom(b, from, 'race-subscribe', `reader${round}+two@example.test`),
      ]);
      expect(answers.map((res) => res.status), answers.map((res) => res.text).join('\n')).toEqual([202, 202]);
    }
    const subscribers = await listSubscribers(a.backend.deps.db, page.id, 1000);
    const mailboxes = subscribers.map((subscriber) => mailboxOf(subscriber.email)).sort();
    expect(mailboxes).toEqual(Array.from({ length: ROUNDS }, (_, round) => `reader${round}@example.test`).sort());
  }, 30_000);

  describe('deploys', () => {
    const hooks = testHookEnv(['SIGHTLINE_TEST_HOOKS', 'SIGHTLINE_TEST_DEPLOY_PAUSE_MS']);
    afterEach(() => hooks.restore());

    /** The project's checks and bindings as stored: every check bound once, every binding naming a stored check. */
    async function storedProject(logicalId: string): Promise<{ checkNames: string[]; checkBindings: number; bindings: number }> {
      const { db } = a.backend.deps;
      const project = await findProjectByLogicalId(db, a.backend.accountId, logicalId);
      if (!project) throw new Error(`project ${logicalId} was not stored`);
      const bindings = await bindingsOfProject(db, project.id);
      const checks = await a.api('GET', '/v1/checks?limit=100');
      expect(checks.status).toBe(200);
      const byId = new Map((checks.body as { id: string; name: string }[]).map((check) => [check.id, check.name]));
      const checkBindings = bindings.filter((binding) => binding.resourceType === 'check');
      for (const binding of checkBindings) expect(byId.has(binding.resourceId), `binding ${binding.logicalId} names a stored check`).toBe(true);
      return { checkNames: [...byId.values()].filter((name) => name.startsWith('Ping')).sort(), checkBindings: checkBindings.length, bindings: bindings.length };
    }

    it('two deploys of one project from both servers: both answered, stored once (a first deploy, then a redeploy adding checks)', async () => {
      // Both plan before either commits: the later commit finds the earlier one's project and bindings and plans again.
      process.env.SIGHTLINE_TEST_HOOKS = '1';
      process.env.SIGHTLINE_TEST_DEPLOY_PAUSE_MS = '300';
      const first = await Promise.all([postDeploy(a.url, a.key, pingProject(3, 'race')), postDeploy(b.url, b.key, pingProject(3, 'race'))]);
      expect(first.map((res) => res.status), JSON.stringify(first.map((res) => res.body))).toEqual([200, 200]);
      expect(await storedProject('race')).toEqual({ checkNames: ['Ping 0', 'Ping 1', 'Ping 2'], checkBindings: 3, bindings: 6 });

      const again = await Promise.all([postDeploy(a.url, a.key, pingProject(5, 'race')), postDeploy(b.url, b.key, pingProject(5, 'race'))]);
      expect(again.map((res) => res.status), JSON.stringify(again.map((res) => res.body))).toEqual([200, 200]);
      expect(await storedProject('race')).toEqual({ checkNames: ['Ping 0', 'Ping 1', 'Ping 2', 'Ping 3', 'Ping 4'], checkBindings: 5, bindings: 8 });
    }, 30_000);
  });

  describe('a `checkly test` run', () => {
    const CHECKS = 16;
    const result = (i: number, stoppedAt: number | null): RecordedResult => ({
      testSessionResultId: `result-${i}`,
      sequenceId: `sequence-${i}`,
      logicalId: `check-${i}`,
      name: `Check ${i}`,
      checkType: 'ICMP',
      status: stoppedAt === null ? 'RUNNING' : 'PASSED',
      checkSessionStatus: stoppedAt === null ? 'IN_PROGRESS' : 'PASSED',
      runLocation: 'local',
      startedAt: 1_000,
      stoppedAt,
      notRunReason: null,
    } as RecordedResult);

    it('its checks finishing on both servers at once: every result kept, the run stopped', async () => {
      const id = 'race-test-run';
      await recordTestRun(ctxOf(a), { id, name: 'race', projectLogicalId: null, results: Array.from({ length: CHECKS }, (_, i) => result(i, null)) });
      await Promise.all(Array.from({ length: CHECKS }, (_, i) => recordTestResult(ctxOf(i % 2 === 0 ? a : b), id, result(i, 2_000 + i))));
      const row = await findCodeTestSession(a.backend.deps.db, a.backend.accountId, id);
      const stopped = (row?.results as RecordedResult[]).filter((r) => r.stoppedAt !== null).map((r) => r.sequenceId);
      expect(stopped).toHaveLength(CHECKS);
      expect(row?.stoppedAt).toBe(2_000 + CHECKS - 1);
    }, 30_000);

    it('runs starting on both servers at once: each listed among the account’s test sessions', async () => {
      const ids = Array.from({ length: CHECKS }, (_, i) => `race-list-${i}`);
      await Promise.all(ids.map((id, i) => recordTestRun(ctxOf(i % 2 === 0 ? a : b), { id, name: id, projectLogicalId: null, results: [result(i, null)] })));
      const listed = storedTestSessions(await readAppSetting(a.backend.deps.db, a.backend.accountId, TEST_SESSIONS_KEY)).map((entry) => entry.id);
      expect(listed.filter((id) => id.startsWith('race-list-')).sort()).toEqual([...ids].sort());
    }, 30_000);
  });
});
